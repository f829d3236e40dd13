/**
 * Reading multipart forms that carry images: text fields (repeated names become lists) and image
 * files, each judged and re-encoded as it arrives, so at most one raw upload is held in memory.
 * Nothing is written here; callers store the result with `saveImages` once everything is valid.
 */
import multipart from '@fastify/multipart';
import { LIMITS, SERVER_ERRORS } from '@agro/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, badRequest, payloadTooLarge } from '../../lib/errors.js';
import { processImage, type ProcessedImage } from './pipeline.js';

/** Longest text field accepted (descriptions are limited to 5000 characters by the schemas). */
const FIELD_MAX_BYTES = 64 * 1024;
const FIELDS_MAX = 300;

/** Register @fastify/multipart inside a route plugin (encapsulated: only its routes accept uploads). */
export async function registerImageUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    // Hand us file names as sent (busboy would cut them to their last segment), so a name with a
    // folder in it is refused instead of silently trimmed.
    preservePath: true,
    limits: {
      fileSize: LIMITS.imageMaxBytes,
      files: LIMITS.imagesPerRequest,
      fields: FIELDS_MAX,
      fieldSize: FIELD_MAX_BYTES,
      parts: FIELDS_MAX + LIMITS.imagesPerRequest,
      headerPairs: 100,
    },
  });
}

export interface UploadForm {
  /** Text fields; a name sent more than once maps to the list of its values. */
  fields: Record<string, unknown>;
  /** Processed images by field name, in the order they were sent. */
  files: Record<string, ProcessedImage[]>;
}

/**
 * Browsers send a file's bare name; folders (`../`, `C:\`), NUL and control characters only come
 * from crafted requests. Names are never used for storage, but such a request is refused outright.
 */
export function isSafeFileName(name: string): boolean {
  if (name === '..' || name.includes('/') || name.includes('\\')) return false;
  for (let i = 0; i < name.length; i += 1) {
    const code = name.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** `keyFeatures[]` (a common client habit) means the same as `keyFeatures`. */
const fieldName = (name: string): string => name.replace(/\[\]$/, '');

function addField(fields: Record<string, unknown>, name: string, value: unknown): void {
  const current = Object.hasOwn(fields, name) ? fields[name] : undefined;
  if (current === undefined) fields[name] = value;
  else if (Array.isArray(current)) current.push(value);
  else fields[name] = [current, value];
}

/** Multipart (busboy) failures as the answers our API documents. */
export function uploadError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(SERVER_ERRORS.fileTooLarge);
    case 'FST_FILES_LIMIT':
      return payloadTooLarge(SERVER_ERRORS.tooManyFiles);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return payloadTooLarge();
    default: {
      // Malformed multipart data (busboy errors carry no status) is the client's fault.
      const status = (err as { statusCode?: unknown } | null)?.statusCode;
      return typeof status === 'number' && status >= 400 && status < 500 ? err : badRequest(SERVER_ERRORS.badRequest);
    }
  }
}

/**
 * Read the whole form. Files under `fileFields` are processed (415 not an image, 413 too large
 * or too many); other files are read and ignored; an empty file part (a browser's unused file
 * input) counts as not sent. A JSON body (no files) is accepted for the text fields.
 */
export async function readUploadForm(request: FastifyRequest, fileFields: readonly string[]): Promise<UploadForm> {
  const form: UploadForm = { fields: {}, files: {} };
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
      for (const [name, value] of Object.entries(body)) form.fields[fieldName(name)] = value;
    }
    return form;
  }
  try {
    for await (const part of request.parts()) {
      const name = fieldName(part.fieldname);
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw payloadTooLarge();
        addField(form.fields, name, part.value);
        continue;
      }
      if (!isSafeFileName(part.filename)) throw badRequest(SERVER_ERRORS.badFileName);
      const data = await part.toBuffer();
      if (!fileFields.includes(name) || data.length === 0) continue;
      (form.files[name] ??= []).push(await processImage(data));
    }
  } catch (err) {
    throw uploadError(err);
  }
  return form;
}
