import type { FastifyInstance } from 'fastify';

/** Path segments that carry a secret: the password-reset token, in the API call and the page. */
const SECRET_SEGMENT = /(\/reset-password\/)[^/?#]+/g;

/** The URL as written to the access log: reset tokens replaced, so logs never hold a usable link. */
export function loggedUrl(url: string): string {
  return url.replace(SECRET_SEGMENT, '$1:token');
}

/**
 * One access-log line per request, written when the answer is sent: method, URL (secrets
 * removed), status and time. It replaces Fastify's two lines per request ("incoming request"
 * and "request completed", each serializing the request), which were the largest cost of a
 * cached answer (docs/performance.md). Errors are still logged by the error handler.
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: loggedUrl(request.url), statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
    done();
  });
}
