/**
 * Schema-first routes: every route declares its params, querystring, body and response schemas
 * from the shared zod schemas; Fastify validates the request parts with them (this validator
 * compiler) and the OpenAPI document (plugins/api-docs.ts) is generated from them.
 * See "Adding a route" in apps/server/README.md.
 */
import { SERVER_ERRORS, errorResultSchema, validate } from '@agro/shared';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { badRequest } from './errors.js';

/** Metadata keys; they also appear in the OpenAPI document as extensions. */
const ORDER_KEY = 'x-message-order';
const FORM_KEY = 'x-multipart-form';

/**
 * A body (or query) checked "in order" (SPEC.md section 5): a failure answers 400 with the FIRST
 * message in `order` and each field's first message in `errors`.
 */
export function specInput<S extends z.ZodType>(schema: S, order: readonly string[]): S {
  return schema.meta({ [ORDER_KEY]: [...order] });
}

/**
 * The text fields of a multipart/form-data body, for the document only: the handler reads the
 * form with its files (modules/images/upload.ts) and validates it with the same schema and order.
 * Routes using it also declare `consumes: ['multipart/form-data']`.
 */
export function multipartForm<S extends z.ZodType>(schema: S, order: readonly string[], description: string): S {
  return schema.meta({ [ORDER_KEY]: [...order], [FORM_KEY]: true, description });
}

/** A request part that must have this shape, else 400 'Bad request' (no SPEC message applies). */
const orderOf = (schema: z.ZodType): readonly string[] | undefined => {
  const order = z.globalRegistry.get(schema)?.[ORDER_KEY];
  return Array.isArray(order) ? (order as string[]) : undefined;
};

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  // Left as it is (JSON bodies too): readUploadForm reads and validates the form.
  if (z.globalRegistry.get(schema)?.[FORM_KEY]) return () => ({});
  const order = orderOf(schema);
  return (data) => {
    // A missing body is an empty form: every required field reports its own message.
    const result = validate(schema, order ?? [], data ?? {});
    if (result.ok) return { value: result.data };
    return { error: order ? badRequest(result.message, result.fields) : badRequest(SERVER_ERRORS.badRequest) };
  };
};

/**
 * Responses are serialized with JSON.stringify, as without a schema: no extra pass in production.
 * With `checkResponses` (development and tests) each answer is first checked against its
 * schema, so a schema that drifts from what the route sends fails loudly (500 + log).
 * Cached answers (speed/json-cache.ts) and sendWithEtag send ready bytes and are never serialized.
 */
export function serializerCompiler(checkResponses: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url, httpStatus }) => {
    if (!checkResponses) return (data) => JSON.stringify(data);
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) {
        throw new Error(`${method} ${url} ${httpStatus}: answer does not match its schema: ${z.prettifyError(result.error)}`);
      }
      return JSON.stringify(data);
    };
  };
}

const ERROR_REPLIES = {
  400: 'Invalid input: `message` is the first failing rule in SPEC.md order, `errors` the first per field',
  401: 'Not logged in',
  403: 'Logged in without the role this call needs, or sent from a foreign origin',
  404: 'Not found',
  409: 'Conflict (e.g. the email is already registered)',
  413: 'Too large',
  415: 'Not a supported image',
  429: 'Too many requests (see Retry-After)',
} as const;
export type ErrorStatus = keyof typeof ERROR_REPLIES;
const errorReplies = Object.fromEntries(
  Object.entries(ERROR_REPLIES).map(([status, description]) => [status, errorResultSchema.describe(description)]),
) as Record<ErrorStatus, typeof errorResultSchema>;

/** `response` of a route: its success answer and the failures it can give. */
export function replies<S extends z.ZodType, E extends ErrorStatus>(
  ok: S,
  errors: readonly E[],
): { 200: S } & Record<E, typeof errorResultSchema> {
  const out = { 200: ok } as { 200: S } & Record<E, typeof errorResultSchema>;
  for (const status of errors) (out as Record<number, z.ZodType>)[status] = errorReplies[status];
  return out;
}
