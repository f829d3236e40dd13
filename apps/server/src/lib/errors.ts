import { SERVER_ERRORS, validate } from '@agro/shared';
import type { z } from 'zod';

/**
 * An error whose message is safe to show the client; anything else becomes a generic 500.
 * It is an answer, not a fault: no stack trace is captured (it is never logged, and capturing
 * one was most of the cost of a refusal: docs/performance.md, cost table, "error path").
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Field name -> first message, for validation failures. */
    readonly fields?: Record<string, string>,
    /** Extra response headers (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
export const unauthorized = (message: string = SERVER_ERRORS.notLoggedIn) => new HttpError(401, message);
export const forbidden = (message: string = SERVER_ERRORS.forbidden) => new HttpError(403, message);
export const notFound = (message: string = SERVER_ERRORS.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string = SERVER_ERRORS.payloadTooLarge) => new HttpError(413, message);
export const unsupportedMediaType = (message: string = SERVER_ERRORS.notAnImage) => new HttpError(415, message);

/** The error body every failure uses. */
export type { ErrorResult as ErrorBody } from '@agro/shared';

/**
 * Validate `input` with a shared schema; on failure throw a 400 carrying the FIRST message in
 * SPEC.md order (and every field's first message in `errors`).
 */
export function parseInput<S extends z.ZodType>(schema: S, order: readonly string[], input: unknown): z.output<S> {
  const result = validate(schema, order, input ?? {});
  if (!result.ok) throw badRequest(result.message, result.fields);
  return result.data;
}
