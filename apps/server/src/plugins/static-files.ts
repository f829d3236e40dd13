import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { SERVER_ERRORS, SITE } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { escapeHtml } from '../lib/html.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** URL prefix of stored images; `secure_url` values start with it. */
export const UPLOADS_PREFIX = '/uploads/';

/** The build's precompressed siblings of a file. */
const PRECOMPRESSED_SUFFIX = /\.(?:br|gz)$/;

/** Paths that name files, never screens: a miss there is a real 404, not the SPA. */
const FILE_PREFIXES = ['/api/', UPLOADS_PREFIX, '/assets/'];

/**
 * The built web app (hashed assets cached forever, index.html revalidated), uploaded images,
 * and the fallback: unknown /api paths answer 404 JSON, any other GET gets index.html so the
 * web app's router shows its own "page not found".
 */
async function staticFiles(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (res) => res.header('Cache-Control', IMMUTABLE),
  });

  const indexFile = path.join(config.webDist, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (hasWebApp) {
    const assetsDir = path.join(config.webDist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      dotfiles: 'ignore',
      cacheControl: false,
      // The build writes file.br / file.gz beside each text file (apps/web/vite.config.ts):
      // served as they are, so nothing is compressed per request.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const file = filePath.replace(PRECOMPRESSED_SUFFIX, '');
        if (file.startsWith(assetsDir)) res.header('Cache-Control', IMMUTABLE);
        else if (file.endsWith('.html')) res.header('Cache-Control', 'no-cache');
        else res.header('Cache-Control', 'public, max-age=0');
      },
    });
  } else {
    app.log.warn({ webDist: config.webDist }, 'web app not built: serving a placeholder page');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isScreen =
      (request.method === 'GET' || request.method === 'HEAD') &&
      pathname !== '/api' &&
      !FILE_PREFIXES.some((p) => pathname.startsWith(p));
    if (!isScreen) {
      const message = pathname.startsWith('/api') ? SERVER_ERRORS.routeNotFound : SERVER_ERRORS.notFound;
      return reply.code(404).send({ success: false, message });
    }
    reply.header('Cache-Control', 'no-cache');
    if (hasWebApp) return reply.type('text/html; charset=utf-8').sendFile('index.html');
    return reply.type('text/html; charset=utf-8').send(placeholderPage());
  });
}

function placeholderPage(): string {
  const name = escapeHtml(SITE.companyName);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
<h1>${name}</h1>
<p>The API is running under <code>/api/v1</code>. The web app has not been built yet: run <code>npm run build</code>.</p>
</body>
</html>
`;
}

export default fp(staticFiles, { name: 'static-files' });
