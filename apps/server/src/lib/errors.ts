import { SERVER_ERRORS, validate } from '@agro/shared';
import type { z } from 'zod';

/** An error whose message is safe to show the client; anything else becomes a generic 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Field name -> first message, for validation failures. */
    readonly fields?: Record<string, string>,
    /** Extra response headers (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
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
export interface ErrorBody {
  success: false;
  message: string;
  errors?: Record<string, string>;
}

/**
 * Validate `input` with a shared schema; on failure throw a 400 carrying the FIRST message in
 * SPEC.md order (and every field's first message in `errors`).
 */
export function parseInput<S extends z.ZodType>(schema: S, order: readonly string[], input: unknown): z.output<S> {
  const result = validate(schema, order, input ?? {});
  if (!result.ok) throw badRequest(result.message, result.fields);
  return result.data;
}
