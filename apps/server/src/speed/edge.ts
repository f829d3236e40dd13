/**
 * What an edge cache (Varnish, a CDN) may keep, and what each kept answer shows
 * (docs/decisions/035-edge-cache.md). The public answers the same for everyone (pages, the product
 * list and products, the gallery, the sitemap) say how long a shared cache may keep them and carry
 * their tags; a change purges the tags (speed/edge-purger.ts, rows written by the database's
 * triggers: migration 20261128100000-edge-purges, whose tag names are these). Browsers revalidate
 * every time, as with the `no-cache` these answers had before.
 */
import type { Language } from '@agro/shared';
import type { FastifyReply } from 'fastify';

/** Space-separated tags (Fastly, Varnish: the VCL bans on it). */
export const SURROGATE_KEY_HEADER = 'Surrogate-Key';
/** Comma-separated tags (Cloudflare's purge by tag). */
export const CACHE_TAG_HEADER = 'Cache-Tag';
/** The tags a purge request names, space-separated (deploy/varnish.vcl reads it). */
export const PURGE_KEYS_HEADER = 'X-Purge-Keys';

/** The tags. The triggers of migration 20261128100000-edge-purges write the same names (test/edge-cache.test.ts checks both). */
export const EDGE_TAGS = {
  /** Any product list (and every page: each carries the first products in its snapshot). */
  products: 'products',
  gallery: 'gallery',
  /** The company's details (every page's header, footer and JSON-LD). */
  settings: 'settings',
  /** Every server-rendered page: its HTML names the web build's assets, purged when a process starts. */
  pages: 'pages',
} as const;

export const productTag = (id: string): string => `product-${id}`;
export const languageTag = (language: Language): string => `lang-${language}`;
/**
 * A stored image file (/uploads/<name>): immutable, so an edge keeps it for the year its
 * Cache-Control allows, unless told when it is deleted (an owner who removes a photo expects it gone).
 */
export const imageTag = (fileName: string): string => `image-${fileName}`;

/** How long an edge keeps an answer without a purge: purges drop it as soon as it changes. */
export const EDGE_MAX_AGE_SECONDS = 86_400;
/** How long an edge may answer with a copy that just expired while it fetches the new one. */
export const EDGE_STALE_SECONDS = 60;

/**
 * Browsers: `max-age=0, must-revalidate`, which is what `no-cache` was for them (every use
 * revalidated: a 304 when unchanged), and which keeps them from using `stale-while-revalidate`.
 * Shared caches: `s-maxage`, and the grace a VCL or CDN that honours it gives.
 */
export const EDGE_CACHE_CONTROL = `public, max-age=0, must-revalidate, s-maxage=${EDGE_MAX_AGE_SECONDS}, stale-while-revalidate=${EDGE_STALE_SECONDS}`;
/** Tags an answer that keeps its own (immutable) Cache-Control: which purge drops it. */
export function tagForEdge(reply: FastifyReply, tags: readonly string[]): void {
  reply.header(SURROGATE_KEY_HEADER, tags.join(' ')).header(CACHE_TAG_HEADER, tags.join(','));
}

/** Answers that depend on who asks. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/**
 * Mark `reply` as one an edge may keep, tagged with `tags`. An answer that sets a cookie (a
 * session's sliding renewal would be handed to the next visitor) or was made with a session read
 * (plugins/auth.ts loadSession) never is: it stays private.
 */
export function markEdgeCacheable(reply: FastifyReply, tags: readonly string[]): void {
  if (reply.hasHeader('set-cookie') || reply.request.user) {
    reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
    return;
  }
  reply.header('Cache-Control', EDGE_CACHE_CONTROL);
  tagForEdge(reply, tags);
}
