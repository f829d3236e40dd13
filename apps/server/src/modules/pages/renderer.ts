/**
 * The web app's own render of a page (apps/web/src/entry-server.tsx, built by `vite build --ssr`
 * into apps/web/dist-server) put into the built index.html with the page's head tags and the
 * data it was rendered with. Without that build the pages are the app shell with their head
 * tags: still correct, just not pre-rendered.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GalleryImage, Product } from '@agro/shared';
import type { FastifyBaseLogger } from 'fastify';
import { scriptJson } from './head.js';

/** What the page was rendered with (apps/web/src/app/server-snapshot.ts). */
export interface ServerSnapshot {
  url: string;
  products: Product[] | null;
  product: Product | null;
  missingProduct: string | null;
  gallery: GalleryImage[] | null;
}

interface EntryServer {
  render(snapshot: ServerSnapshot): Promise<string>;
  SNAPSHOT_ELEMENT_ID: string;
}

export interface PageRenderer {
  /** Whether pages are pre-rendered (the SSR build is there). */
  readonly rendering: boolean;
  /** The whole document: `head` replaces the shell's title and description. */
  document(head: string, snapshot: ServerSnapshot): Promise<string>;
}

const ROOT = '<div id="root"></div>';

export async function createPageRenderer(webDist: string, log: FastifyBaseLogger): Promise<PageRenderer | undefined> {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
  const shell = fs
    .readFileSync(indexFile, 'utf8')
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '');
  if (!shell.includes(ROOT)) throw new Error(`${indexFile} has no ${ROOT}`);

  const entryFile = path.join(path.dirname(webDist), 'dist-server', 'entry-server.js');
  let entry: EntryServer | undefined;
  if (fs.existsSync(entryFile)) {
    entry = (await import(pathToFileURL(entryFile).href)) as EntryServer;
  } else {
    log.warn({ entryFile }, 'server render not built: public pages are sent as the app shell with their head tags');
  }

  return {
    rendering: entry !== undefined,
    async document(head, snapshot) {
      const withHead = shell.replace('</head>', `    ${head}\n  </head>`);
      if (!entry) return withHead;
      const app = await entry.render(snapshot);
      const data = `<script type="application/json" id="${entry.SNAPSHOT_ELEMENT_ID}">${scriptJson(snapshot)}</script>`;
      return withHead.replace(ROOT, () => `<div id="root">${app}</div>${data}`);
    },
  };
}
