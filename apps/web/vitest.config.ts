import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES, REACT_DEPENDENTS } from './preact-aliases';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // ES builds of the packages below: their CommonJS builds would require React itself.
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
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    server: { deps: { inline: [...REACT_DEPENDENTS, /\/node_modules\/\.vite\//] } },
    // CommonJS-only helpers that require React: pre-bundled, so the aliases reach their require().
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
