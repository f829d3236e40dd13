import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Path segments that carry a secret: the password-reset token, in the API call and the page. */
const SECRET_SEGMENT = /(\/reset-password\/)[^/?#]+/g;
/** A query parameter that carries a secret: a reminder's unsubscribe token (issue 41). */
const SECRET_PARAMETER = /([?&]token=)[^&#]+/g;

/** The URL as written to the access log: reset and unsubscribe tokens replaced, so logs never hold a usable link. */
export function loggedUrl(url: string): string {
  // Most URLs carry no secret: skip the regular expressions (1.4 us a request, cost table).
  let logged = url.includes('/reset-password/') ? url.replace(SECRET_SEGMENT, '$1:token') : url;
  if (logged.includes('token=')) logged = logged.replace(SECRET_PARAMETER, '$1:token');
  return logged;
}

/**
 * One access-log line per request, written when the answer is sent: method, URL (secrets
 * removed), status and time. It replaces Fastify's two lines per request ("incoming request"
 * and "request completed", each serializing the request), which were the largest cost of a
 * cached answer (docs/performance.md). Fastify's other lines (route errors, stream errors) and
 * the error handler's are unchanged.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: loggedUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
