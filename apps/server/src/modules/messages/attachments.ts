/**
 * Message attachments: judged by their bytes (file-type reads the signature, and the inside of a
 * ZIP for Office and OpenDocument files), never by the name or the declared type; a text file,
 * which has no signature, by being UTF-8 text without control characters. Stored under a random
 * name in the private document store (app.documentStorage, storage/stores.ts), read back only by the
 * attachment route.
 */
import { randomBytes } from 'node:crypto';
import type { AttachmentType } from '@agro/shared';
import { fileTypeFromBuffer } from 'file-type';

const BY_SIGNATURE: Record<string, AttachmentType> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odt: 'application/vnd.oasis.opendocument.text',
};

const EXTENSIONS: Record<AttachmentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.text': 'odt',
  'text/csv': 'csv',
  'text/plain': 'txt',
};

/** Tab, line feed and carriage return are text; other C0 controls and DEL are not. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function isText(data: Buffer): boolean {
  try {
    return !CONTROL.test(utf8.decode(data));
  } catch {
    return false;
  }
}

/** What the bytes are, or undefined for anything not accepted (an executable, a ZIP, HTML with a binary part...). */
export async function sniffAttachment(data: Buffer, fileName: string): Promise<AttachmentType | undefined> {
  const found = await fileTypeFromBuffer(data);
  if (found) return BY_SIGNATURE[found.ext];
  if (!isText(data)) return undefined;
  return /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
}

/** 192 random bits: a name nobody can guess, with the extension of what the content is. */
export const attachmentStorageName = (type: AttachmentType): string => `${randomBytes(24).toString('hex')}.${EXTENSIONS[type]}`;

/** What never reaches a header's file name: control characters, quotes, slashes. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f"\\/]+/g;

/** RFC 5987 percent-encoding (encodeURIComponent leaves ' ( ) * as they are). */
const rfc5987 = (text: string): string =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition` of a download: an attachment named as the sender named it, with the
 * extension of what the content is; `filename` cut to safe ASCII, `filename*` the name itself
 * (UTF-8: an Arabic or accented name survives).
 */
export function attachmentDisposition(fileName: string, type: string): string {
  const extension = EXTENSIONS[type as AttachmentType] ?? 'bin';
  const base =
    fileName
      .replace(/\.[^.]*$/, '')
      .replace(UNSAFE_IN_NAME, '_')
      .trim()
      .slice(0, 120) || 'attachment';
  const ascii = base.replace(/[^A-Za-z0-9._ -]+/g, '_').slice(0, 80) || 'attachment';
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${rfc5987(`${base}.${extension}`)}`;
}
