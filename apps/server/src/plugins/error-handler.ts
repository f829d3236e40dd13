import { SERVER_ERRORS, SITE } from '@agro/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, type ErrorBody } from '../lib/errors.js';
import { requestLanguage } from '../lib/i18n.js';
import { localizeRefusal } from '../lib/refusals.js';
import { faultOf } from '../lib/faults.js';
import { escapeHtml } from '../lib/html.js';

/** Messages for framework errors by status; the framework's own texts are never shown. */
const BY_STATUS: Record<number, string> = {
  400: SERVER_ERRORS.badRequest,
  401: SERVER_ERRORS.notLoggedIn,
  403: SERVER_ERRORS.forbidden,
  404: SERVER_ERRORS.notFound,
  406: SERVER_ERRORS.unsupportedMediaType,
  413: SERVER_ERRORS.payloadTooLarge,
  415: SERVER_ERRORS.unsupportedMediaType,
  429: SERVER_ERRORS.rateLimited,
};

function faultPage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(SITE.companyName)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<main><h1>${escapeHtml(SITE.companyName)}</h1><p>${escapeHtml(message)}</p><p><a href="">Try again</a></p></main>
</body></html>
`;
}

/** Every failure becomes `{ success: false, message }` with the right status; never a stack trace. */
async function errorHandler(app: FastifyInstance): Promise<void> {
  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    let status: number;
    let body: ErrorBody;
    const fault = error instanceof HttpError ? undefined : faultOf(error);
    if (error instanceof HttpError) {
      status = error.statusCode;
      // A refusal that carries a value, in the asking page's language (lib/refusals.ts); SPEC's as they are.
      const language = requestLanguage(request.headers);
      const fields = error.fields && Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, localizeRefusal(v, language)]));
      body = { success: false, message: localizeRefusal(error.message, language), ...(fields ? { errors: fields } : {}) };
      // A guard's refusal (rate limit, proof of work, Idempotency-Key, bot signal) is counted.
      app.metrics?.refused(error.message);
      if (error.headers) reply.headers(error.headers);
    } else if (fault) {
      // A part the server depends on is away: the client may try again; the process goes on.
      status = fault.status;
      body = { success: false, message: fault.message };
      reply.header('Retry-After', String(fault.retryAfter));
      request.log.warn({ err: error, part: fault.part, status }, 'request refused: a part is away');
      // A page a person asked for (not cached while the database is away): a page, not JSON.
      if (request.method === 'GET' && !request.url.startsWith('/api/') && /text\/html/.test(request.headers.accept ?? '')) {
        return reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(faultPage(fault.message));
      }
    } else {
      const code = error.code ?? '';
      status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      let message = BY_STATUS[status] ?? SERVER_ERRORS.internal;
      if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = SERVER_ERRORS.payloadTooLarge;
      else if (status === 400 && (code.startsWith('FST_ERR_CTP') || error instanceof SyntaxError)) {
        message = SERVER_ERRORS.invalidJson;
      }
      if (status >= 500) {
        status = 500;
        message = SERVER_ERRORS.internal;
        request.log.error({ err: error }, 'request failed');
      } else {
        request.log.info({ code, status, reason: error.message }, 'request rejected');
      }
      body = { success: false, message };
    }
    return reply.code(status).send(body);
  });
}

/**
 * Fastify's `frameworkErrors`: the router refuses a malformed URL (`/product/%E0%A4`) or an
 * over-long path parameter before any route, hook or error handler runs, and by default answers
 * in its own shape, echoing the URL. Answer those in ours too.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  request.log.info({ code: error.code, status }, 'request rejected by the router');
  void reply
    .code(status)
    .header('x-content-type-options', 'nosniff')
    .send({ success: false, message: SERVER_ERRORS.badRequest } satisfies ErrorBody);
}

export default fp(errorHandler, { name: 'error-handler' });
