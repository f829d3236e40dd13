import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PREACT_ALIASES } from './preact-aliases';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Where `npm run check:budgets` reads which modules each chunk holds and what it imports. */
const CHUNK_REPORT = '.vite/chunk-report.json';

/** "react-dom" for anything under node_modules, else the path from the repository root. */
function moduleName(id: string): string {
  const clean = id.split('?')[0]!;
  const nm = clean.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const parts = clean.slice(nm + '/node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  return path.isAbsolute(clean) ? path.relative(repoRoot, clean) : clean;
}

/** Writes CHUNK_REPORT: per chunk, its static and dynamic imports and the modules in it. */
function chunkReport(): Plugin {
  return {
    name: 'agro:chunk-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, { isEntry: boolean; imports: string[]; dynamicImports: string[]; modules: string[] }> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = {
          isEntry: output.isEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: [...new Set(Object.keys(output.modules).map(moduleName))].sort(),
        };
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_REPORT, source: `${JSON.stringify({ chunks }, null, 2)}\n` });
    },
  };
}

/** Page modules of the server-rendered public pages: their chunks run as soon as such a page loads. */
const PUBLIC_PAGES =
  /^apps\/web\/src\/features\/(?:about\/about-page|products\/products-page|products\/product-description-page|gallery\/gallery-page|legal\/|errors\/not-found-page)/;

/**
 * Chrome's explicit compile hint (V8, Chrome 136+): a file that starts with this comment is compiled
 * whole while it streams in, off the main thread, instead of function by function on the main
 * thread as each is first called. Given to the chunks a public page runs as it loads: the entry and
 * everything it imports, the public pages and Sonner (the toasts); not to the admin screens, whose
 * code would be compiled for nothing. Added after minification, which drops comments.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

function compileHints(): Plugin {
  return {
    name: 'agro:compile-hints',
    apply: 'build',
    // Last: Vite's own generateBundle puts its preload map at the top of the entry.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const hinted = new Set<string>();
        const add = (fileName: string) => {
          const chunk = byName.get(fileName);
          if (!chunk || hinted.has(fileName)) return;
          hinted.add(fileName);
          chunk.imports.forEach(add);
        };
        for (const chunk of chunks) {
          const modules = Object.keys(chunk.modules).map(moduleName);
          if (chunk.isEntry || modules.some((m) => PUBLIC_PAGES.test(m) || m === 'sonner')) add(chunk.fileName);
        }
        for (const fileName of hinted) byName.get(fileName)!.code = COMPILE_HINT + byName.get(fileName)!.code;
      },
    },
  };
}

/**
 * Sonner's stylesheet ships in the site's own (main.tsx imports `sonner/dist/styles.css`), read
 * before the first paint. Sonner would otherwise insert the same rules into <head> when it loads,
 * after the page has painted, and their custom properties on <html> make the browser restyle the
 * whole page then (a 20-30 ms task here, four times that on Lighthouse's phone). Its one run-time
 * call is dropped; the build fails if a new Sonner no longer has exactly that call.
 */
function sonnerStylesheetInBundle(): Plugin {
  const call = '__insertCSS("';
  return {
    name: 'agro:sonner-stylesheet',
    apply: 'build',
    transform(code, id) {
      if (!/\/node_modules\/sonner\/dist\/index\.mjs$/.test(id.split('?')[0]!)) return null;
      if (code.split(call).length !== 2)
        this.error(`sonner: expected one ${call}...) call to drop (docs/decisions/016-hydration-in-parts.md)`);
      return code.replace(call, 'void("');
    },
  };
}

/**
 * The stylesheet's <link> before the entry script and its modulepreloads: it alone holds up the
 * first paint, and the browser asks for resources in the order it meets them, so the CSS no longer
 * shares the first round trips with the scripts (Vite puts it last).
 */
function stylesheetFirst(): Plugin {
  const stylesheet = /\s*<link rel="stylesheet"[^>]*>/g;
  return {
    name: 'agro:stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(stylesheet) ?? [];
        const rest = html.replace(stylesheet, '');
        const at = rest.search(/\s*<script type="module"/);
        return links.length === 0 || at < 0 ? html : rest.slice(0, at) + links.join('') + rest.slice(at);
      },
    },
  };
}

const COMPRESSIBLE = /\.(?:js|css|html|svg|txt|json|webmanifest|xml)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `file.br` and `file.gz` beside every compressible file of the build, at the best
 * settings (done once here instead of on every request); the server serves them as they are.
 * Files under 1 kB are left alone: the headers would cost more than compression saves.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'agro:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true }))
        .filter((f) => COMPRESSIBLE.test(f) && !f.startsWith('.vite'))
        .map((f) => path.join(outDir, f));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(file);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server's render (`vite build --ssr`, docs/decisions/011-server-rendering.md) needs no CSS,
  // chunk report or precompressed files: those belong to the browser's build.
  plugins: isSsrBuild
    ? [react()]
    : [react(), tailwindcss(), sonnerStylesheetInBundle(), stylesheetFirst(), chunkReport(), compileHints(), precompress()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...PREACT_ALIASES],
  },
  server: {
    proxy: { '/api': apiTarget, '/uploads': apiTarget },
  },
  ssr: {
    // One self-contained file set: every package goes through the Preact aliases above (an
    // external react-router would load React itself), and the server needs no web packages.
    noExternal: true,
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Browsers without native modulepreload (Safari < 17, Firefox < 115) still load every module
    // through the imports; they only miss the early fetch. Saves the polyfill on the first page.
    modulePreload: { polyfill: false },
    ...(isSsrBuild ? { outDir: 'dist-server', copyPublicDir: false } : {}),
  },
}));
