import { DEFAULT_LANGUAGE, LANGUAGE_HEADER, UI_TEXT, type ApiResult } from '@agro/shared';
import { API_BASE_URL } from './config';
import { partsTakenOver } from './hydrate-in-parts';
import { pageLanguage } from './i18n';
import { showToast } from './toast';

/** A failed call: `message` is the server's message when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  constructor(status: number, serverMessage: string | undefined) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** An upload the person stopped (its `signal` was aborted): not a failure, nothing to report as one. */
export class UploadCancelledError extends ApiError {
  constructor() {
    super(0, UI_TEXT.uploadCancelled);
    this.name = 'UploadCancelledError';
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | undefined;

/** The store registers this so a 401 (expired session) logs the person out of the client state. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const m = (body as { message: unknown }).message;
    if (typeof m === 'string' && m.trim() !== '') return m;
  }
  return undefined;
}

function handleFailure(status: number, body: unknown, path: string): never {
  // A 401 on the login call itself is a wrong password, not an expired session.
  if (status === 401 && !path.endsWith('/user/login')) onUnauthorized?.();
  throw new ApiError(status, messageOf(body));
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Idempotency-Keys of submissions not answered for sure yet, by what they send: a double-click,
 * or a retry after a network error or a 5xx, sends the same body again with the same key, and the
 * server makes the quote (inquiry, account, upload) once (apps/server/src/plugins/idempotency.ts).
 * A definite answer ends the submission: the same form sent again later is a new one.
 */
const pendingKeys = new Map<string, string>();
const MAX_PENDING_KEYS = 50;

function newKey(): string {
  // getRandomValues works on plain http too (randomUUID needs a secure context).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function describeBody(body: unknown): string {
  if (!(body instanceof FormData)) return JSON.stringify(body ?? null);
  const parts: string[] = [];
  body.forEach((value, name) => {
    parts.push(typeof value === 'string' ? `${name}=${value}` : `${name}:${value.name}:${value.size}:${value.type}:${value.lastModified}`);
  });
  return parts.join('\n');
}

/** The key for this submission: the one it had if it was sent before without a definite answer. */
function idempotencyKey(method: HttpMethod, path: string, body: unknown): { key: string; settle: (status: number) => void } {
  const id = `${method} ${path}\n${describeBody(body)}`;
  let key = pendingKeys.get(id);
  if (!key) {
    key = newKey();
    pendingKeys.set(id, key);
    if (pendingKeys.size > MAX_PENDING_KEYS) pendingKeys.delete(pendingKeys.keys().next().value!);
  }
  const sent = key;
  return {
    key,
    // Kept for a retry after no answer (0), a server failure or a request still running (409).
    settle: (status) => {
      if (status !== 0 && status < 500 && status !== 409 && pendingKeys.get(id) === sent) pendingKeys.delete(id);
    },
  };
}

/** One JSON (or FormData) call with cookies included. Throws ApiError on a non-2xx answer. */
export async function request<T extends ApiResult>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  // The page's language, for what the server writes in it (a new account's language); English says nothing, as before.
  const language = pageLanguage();
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(language === DEFAULT_LANGUAGE ? {} : { [LANGUAGE_HEADER]: language }) },
  };
  const submission = method === 'POST' ? idempotencyKey(method, path, body) : undefined;
  if (submission) init.headers = { ...init.headers, 'Idempotency-Key': submission.key };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }
  let res: Response;
  try {
    res = await fetch(`${API_BASE_URL}${path}`, init);
  } catch {
    throw new ApiError(0, undefined);
  }
  submission?.settle(res.status);
  const data = await readBody(res);
  // Nothing changes on a server-rendered page before the app has taken all of it over.
  await partsTakenOver();
  if (!res.ok) handleFailure(res.status, data, path);
  return data as T;
}

/**
 * A multipart upload that reports progress (0..1), which fetch cannot do; `signal` stops it (the
 * call then fails with an UploadCancelledError).
 */
export function upload<T extends ApiResult>(
  method: 'POST' | 'PATCH',
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadCancelledError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.onabort = () => reject(new UploadCancelledError());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.open(method, `${API_BASE_URL}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const submission = method === 'POST' ? idempotencyKey(method, path, form) : undefined;
    if (submission) xhr.setRequestHeader('Idempotency-Key', submission.key);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, undefined));
    xhr.onload = () => {
      submission?.settle(xhr.status);
      let data: unknown;
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as T);
        return;
      }
      try {
        handleFailure(xhr.status, data, path);
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    };
    xhr.send(form);
  });
}

export interface ToastTexts<T> {
  loading: string;
  /** Fixed success text, or one computed from the answer (e.g. the server's message). */
  success: string | ((result: T) => string);
  /** Shown when the server sends no message. */
  error: string;
}

/**
 * Every call shows a loading toast, then the success text, or the server's message (or the
 * default) on error (SPEC.md section 7). The error is rethrown for the caller; it is also logged.
 * An upload the person cancelled says so instead, as information rather than an error.
 */
export async function withToast<T>(call: () => Promise<T>, texts: ToastTexts<T>): Promise<T> {
  const id = showToast('loading', texts.loading);
  try {
    const result = await call();
    showToast('success', typeof texts.success === 'function' ? texts.success(result) : texts.success, { id });
    return result;
  } catch (error) {
    if (error instanceof UploadCancelledError) {
      showToast('info', UI_TEXT.uploadCancelled, { id });
      throw error;
    }
    const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : texts.error;
    showToast('error', message, { id });
    console.error(error);
    throw error;
  }
}

/** The message to show for a failed call: the server's, else the default. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
