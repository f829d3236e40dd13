import type { Alias } from 'vite';

/**
 * The site runs on Preact's React compatibility layer (docs/decisions/004-preact-compat.md):
 * the code is written and type-checked against React's API, and `react` / `react-dom` resolve to
 * `preact/compat` in the build, the dev server and the component tests alike, so the tests run
 * the runtime that ships.
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];

/**
 * Packages that import React: the component tests must bundle them (not hand them to Node) so the
 * aliases above reach their imports too.
 */
export const REACT_DEPENDENTS = [
  '@testing-library/react',
  'react-redux',
  'react-router',
  'redux-persist',
  'react-hook-form',
  '@hookform/resolvers',
  'sonner',
  'lucide-react',
  'country-flag-icons',
];
