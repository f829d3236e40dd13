import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES, REACT_DEPENDENTS } from './preact-aliases';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The ES builds of React Router and friends (their CommonJS builds would require React itself,
    // out of the aliases' reach).
    conditions: ['module', 'browser', 'development|production'],
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Its CommonJS main would require react-dom itself; the ES build goes through the aliases.
      { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
      ...PREACT_ALIASES,
    ],
  },
  test: {
    environment: 'jsdom',
    // Two workers on the two cores (Vitest's default is one fewer than the cores: one here), threads
    // rather than processes: 63 s instead of 104 s for the suite on this machine.
    pool: 'threads',
    maxWorkers: 2,
    // The test files share each worker's modules and jsdom instead of importing the app again for
    // each file: the suite's CPU time 107 -> 59 core-seconds. What a test leaves behind is cleared
    // after it (src/test/setup.ts: the rendered tree, localStorage, the catalogue at each file's
    // start); a module is watched with vi.spyOn, never replaced with vi.mock. Decision 029.
    isolate: false,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // jsdom tests of whole pages take about a second alone; on a loaded 2-core machine 5 s was too short.
    testTimeout: 15_000,
    // Bundled by Vite, not handed to Node, so the aliases reach their `import "react"`: the packages
    // that import React, and the pre-bundled dependencies below. Preact too: one instance, as in the
    // build (a module that imports `preact` itself, such as lib/early-taps.ts, sees the compat layer's
    // renders and events).
    server: { deps: { inline: [...REACT_DEPENDENTS, /\/node_modules\/\.vite\//, /\/node_modules\/preact\//] } },
    // use-sync-external-store (React Redux's selector hook) is CommonJS only: pre-bundled into an ES
    // module whose `import "react"` is then aliased like any other.
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: ['use-sync-external-store/with-selector.js'],
        },
      },
    },
  },
});
