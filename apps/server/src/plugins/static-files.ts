import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { PREFIXED_LANGUAGES, SERVER_ERRORS, SITE, type Language } from '@agro/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { imageTag, tagForEdge } from '../speed/edge.js';
import { matchesIfNoneMatch } from '../speed/etag.js';
import { escapeHtml, htmlInLanguage } from '../lib/html.js';
import { ImmutableFiles, readFileIfExists } from '../speed/immutable-files.js';
import { IMAGE_CACHE_CONTROL } from '../storage/stores.js';
import { sendCached, toCachedJson, type CachedJson } from '../speed/json-cache.js';
import { UPLOADS_PREFIX } from '../lib/request-origin.js';

const IMMUTABLE = IMAGE_CACHE_CONTROL;

/** A stored file's name: no path, no dotfile. */
const UPLOAD_NAME = /^[\w-]+\.[A-Za-z0-9]+$/;
const IMAGE_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
};
/** Stored images kept in memory: at most this many bytes, each re-read after this long. */
const UPLOADS_MEMORY_BYTES = 32 * 1024 * 1024;
const UPLOADS_MEMORY_MS = 60_000;

/**
 * The web app's private screens (SPEC.md section 2 and the admin's desk): each answers with the
 * client-rendered app shell, marked noindex. The public pages are rendered on the server
 * (modules/pages).
 */
const APP_SCREENS = [
  '/register',
  '/login',
  '/forgot-password',
  '/reset-password/:token',
  '/quote',
  '/quote/description',
  '/profile',
  '/contact',
  '/add-product',
  '/edit-product',
  '/inquiries',
  '/dashboard',
  // Orders (issue 27).
  '/my-orders',
  '/orders',
  '/orders/:id',
  // Samples (issue 43): a buyer's requests, every request for an administrator.
  '/profile/samples',
  // The owner's console (issue 26) and the second sign-in step.
  '/login/second-factor',
  '/settings',
  '/audit',
  '/team',
  '/team/accept/:token',
];

/** How long the app shell (index.html) is served from memory before it is read again. */
const APP_SHELL_MS = 5_000;

/** `load()`'s result, loaded again when older than `ms` (the old one is served meanwhile). */
function refreshedEvery<T>(ms: number, load: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  let loadedAt = 0;
  return () => {
    const now = Date.now();
    if (!current || now - loadedAt >= ms) {
      const next = load();
      loadedAt = now;
      // Until the new one is read, the old one answers; a failed read is tried again next time.
      next.then(
        () => (current = next),
        () => (loadedAt = 0),
      );
      current ??= next;
    }
    return current;
  };
}

/** The build's precompressed siblings of a file. */
const PRECOMPRESSED_SUFFIX = /\.(?:br|gz)$/;

/** Paths that name files, never screens: a miss there is a real 404, not the SPA. */
const FILE_PREFIXES = ['/api/', UPLOADS_PREFIX, '/assets/'];

/**
 * The built web app (hashed assets cached forever, index.html revalidated), uploaded images,
 * and the fallback: unknown /api paths answer 404 JSON, any other GET gets index.html so the
 * web app's router shows its own "page not found".
 */
export interface StaticFilesOptions {
  config: Config;
  /** Answers a GET of an unknown screen: the web app's page-not-found, with status 404. */
  notFoundPage?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

async function staticFiles(app: FastifyInstance, { config, notFoundPage }: StaticFilesOptions): Promise<void> {
  // Stored images are named by their content's hash, so they never change: served from memory
  // (speed/immutable-files.ts) in front of the image storage (local disk or S3, storage/stores.ts),
  // with no storage call per request once read.
  const storage = app.imageStorage;
  const uploads = new ImmutableFiles((name) => storage.get(name), UPLOADS_MEMORY_BYTES, UPLOADS_MEMORY_MS);
  app.get<{ Params: { file: string } }>(`${UPLOADS_PREFIX}:file`, { compress: false, decompress: false }, async (request, reply) => {
    const { file } = request.params;
    const type = UPLOAD_NAME.test(file) ? IMAGE_TYPES[file.slice(file.lastIndexOf('.') + 1).toLowerCase()] : undefined;
    const data = type && (await uploads.get(file));
    if (!data) return reply.callNotFound();
    const etag = `"${file}"`;
    reply.header('Cache-Control', IMMUTABLE).header('ETag', etag);
    tagForEdge(reply, [imageTag(file)]);
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type(type).send(data);
  });

  const indexFile = path.join(config.webDist, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  // The app shell every screen answers with, from memory with its build-time brotli and gzip
  // forms; read again every few seconds so a new build shows without a restart.
  const appShell = refreshedEvery(APP_SHELL_MS, async () => {
    const [html, br, gzip] = await Promise.all(['', '.br', '.gz'].map((suffix) => readFileIfExists(indexFile + suffix)));
    if (!html) throw new Error(`${indexFile} is missing`);
    return toCachedJson(html.toString('utf8'), {
      ...(br ? { br: Promise.resolve(br) } : {}),
      ...(gzip ? { gzip: Promise.resolve(gzip) } : {}),
    });
  });
  // The shell of a screen under a language's prefix: the same with <html lang dir> of that language
  // (compressed on first use: speed/json-cache.ts).
  const languageShells = Object.fromEntries(
    PREFIXED_LANGUAGES.map((language) => [
      language,
      refreshedEvery(APP_SHELL_MS, async () => {
        const html = await readFileIfExists(indexFile);
        if (!html) throw new Error(`${indexFile} is missing`);
        return toCachedJson(htmlInLanguage(html.toString('utf8'), language));
      }),
    ]),
  ) as Record<Exclude<Language, 'en'>, () => Promise<CachedJson>>;
  if (hasWebApp) {
    // The screens of SPEC.md section 2 get routes of their own: through @fastify/static's
    // wildcard, each first cost a directory read and a failed stat (docs/performance.md).
    const shell = (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('X-Robots-Tag', 'noindex');
      return appShell().then((body) => sendCached(request, reply, body, 'text/html; charset=utf-8'));
    };
    for (const screen of APP_SCREENS) app.get(screen, shell);
    for (const language of PREFIXED_LANGUAGES) {
      const languageShell = (request: FastifyRequest, reply: FastifyReply) => {
        reply.header('X-Robots-Tag', 'noindex');
        return languageShells[language]().then((body) => sendCached(request, reply, body, 'text/html; charset=utf-8'));
      };
      for (const screen of APP_SCREENS) app.get(`/${language}${screen}`, languageShell);
    }
    const assetsDir = path.join(config.webDist, 'assets') + path.sep;
    // Every file of the build has an extension: a path whose last segment has none names a screen,
    // never a file, and goes to the page-not-found at once. Through @fastify/static it first cost
    // a directory read and three failed stats (br, gz, plain): the 404 page answered at a third of
    // the other pages' rate (docs/performance.md).
    app.addHook('onRoute', (route) => {
      if (route.url !== '/*') return;
      const serveFile = route.handler;
      route.handler = function (request, reply) {
        const pathname = request.url.split('?', 1)[0] ?? '';
        if (!pathname.slice(pathname.lastIndexOf('/') + 1).includes('.')) return reply.callNotFound();
        return serveFile.call(this, request, reply);
      };
    });
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
      (request.method === 'GET' || request.method === 'HEAD') && pathname !== '/api' && !FILE_PREFIXES.some((p) => pathname.startsWith(p));
    if (!isScreen) {
      const message = pathname.startsWith('/api') ? SERVER_ERRORS.routeNotFound : SERVER_ERRORS.notFound;
      return reply.code(404).send({ success: false, message });
    }
    if (hasWebApp && notFoundPage) return notFoundPage(request, reply);
    reply.header('Cache-Control', 'no-cache');
    if (hasWebApp) return sendCached(request, reply, await appShell(), 'text/html; charset=utf-8');
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
