/**
 * Private order documents: judged by their first bytes (PDF, JPEG, PNG or WebP; never by name or
 * declared type) and stored under a random name in the private document storage
 * (storage/stores.ts). Only the order's route reads them back, after checking who asks.
 */
import { randomBytes } from 'node:crypto';
import type { DocumentContentType } from '@agro/shared';

const EXTENSIONS: Record<DocumentContentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** What the bytes are, by their signature; undefined for anything else (an executable, a ZIP, HTML...). */
export function sniffDocument(data: Buffer): DocumentContentType | undefined {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return undefined;
}

/** 192 random bits: a name nobody can guess, with the extension of what the content is. */
export const documentStorageName = (type: DocumentContentType): string => `${randomBytes(24).toString('hex')}.${EXTENSIONS[type]}`;

/** The file name offered on download: the uploader's name cut to safe characters, with the content's extension. */
export function downloadName(fileName: string, type: DocumentContentType): string {
  const base =
    fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9._ -]+/g, '_')
      .trim()
      .slice(0, 80) || 'document';
  return `${base}.${EXTENSIONS[type]}`;
}
