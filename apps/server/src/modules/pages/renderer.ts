/**
 * The web app's own render of a page (apps/web/src/entry-server.tsx, built by `vite build --ssr`
 * into apps/web/dist-server) put into the built index.html with the page's head tags and the
 * data it was rendered with. Without that build the pages are the app shell with their head
 * tags: still correct, just not pre-rendered.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EARLY_TAPS_SCRIPT, type ServerSnapshot } from '@agro/shared';
import { htmlInLanguage } from '../../lib/html.js';
import type { FastifyBaseLogger } from 'fastify';
import { scriptJson } from './head.js';

interface EntryServer {
  render(snapshot: ServerSnapshot): Promise<string>;
  SNAPSHOT_ELEMENT_ID: string;
}

export interface PageRenderer {
  /** Whether pages are pre-rendered (the SSR build is there). */
  readonly rendering: boolean;
  /** Changes with each new build: rendered pages are kept per build too. */
  build(): Promise<string>;
  /** The whole document: `head` replaces the shell's title and description. */
  document(head: string, snapshot: ServerSnapshot): Promise<string>;
}

const ROOT = '<div id="root"></div>';
/** How often the build's files are looked at again (a new build shows without a restart). */
const CHECK_MS = 5_000;

interface Shell {
  stamp: string;
  html: string;
}

async function readShell(indexFile: string): Promise<Shell> {
  const { mtimeMs } = await fs.promises.stat(indexFile);
  const html = (await fs.promises.readFile(indexFile, 'utf8'))
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    // Attributes may stand on lines of their own (index.html is formatted by Prettier).
    .replace(/\s*<meta\s+name="description"[^>]*>/, '');
  if (!html.includes(ROOT)) throw new Error(`${indexFile} has no ${ROOT}`);
  return { stamp: String(mtimeMs), html };
}

export async function createPageRenderer(webDist: string, log: FastifyBaseLogger): Promise<PageRenderer | undefined> {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
  // Loaded once: its chunks import it by its plain URL, so a second copy (a new build under
  // another URL) would not share React Router's contexts with them. A new build's index.html (its
  // asset names) is picked up below; its render code needs a restart.
  const entryFile = path.join(path.dirname(webDist), 'dist-server', 'entry-server.js');
  const entry = fs.existsSync(entryFile) ? ((await import(pathToFileURL(entryFile).href)) as EntryServer) : undefined;
  if (!entry) log.warn({ entryFile }, 'server render not built: public pages are sent as the app shell with their head tags');
  let current = await readShell(indexFile);
  let checkedAt = Date.now();
  let pending: Promise<Shell> | undefined;

  /** The shell, looked at again every few seconds; a half-written build keeps the old one. */
  const shell = async (): Promise<Shell> => {
    if (Date.now() - checkedAt < CHECK_MS) return current;
    pending ??= (async () => {
      try {
        const { mtimeMs } = await fs.promises.stat(indexFile);
        if (String(mtimeMs) !== current.stamp) current = await readShell(indexFile);
      } catch (error) {
        log.warn({ err: error }, 'web build changed but could not be read: keeping the previous one');
      } finally {
        checkedAt = Date.now();
        pending = undefined;
      }
      return current;
    })();
    return pending;
  };

  return {
    rendering: entry !== undefined,
    build: async () => (await shell()).stamp,
    async document(head, snapshot) {
      // A rendered page is the server's until the app takes it over: a button tapped meanwhile is
      // kept and clicked again then (packages/shared/src/early-taps.ts).
      const earlyTaps = entry ? `\n    <script>${EARLY_TAPS_SCRIPT}</script>` : '';
      const withHead = htmlInLanguage((await shell()).html, snapshot.language).replace('</head>', `    ${head}${earlyTaps}\n  </head>`);
      if (!entry) return withHead;
      const app = await entry.render(snapshot);
      const data = `<script type="application/json" id="${entry.SNAPSHOT_ELEMENT_ID}">${scriptJson(snapshot)}</script>`;
      return withHead.replace(ROOT, () => `<div id="root">${app}</div>${data}`);
    },
  };
}
