import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Web zones (docs/conventions.md, 'Which rule lives where'; apps/web/README.md, 'Layers'): the
// flow is lib/ -> store/ -> components/ -> features/ -> app/, never back. A feature never imports
// another feature: app/ composes them, or what they share moves down.
const WEB = 'apps/web/src';
const webFeatures = readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `./${WEB}/features/${feature}`,
    from: `./${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in app/, or move what they share to lib/ or components/.',
  })),
  {
    target: [`./${WEB}/components`, `./${WEB}/lib`],
    from: `./${WEB}/features`,
    message: 'components/ and lib/ never import features/ (the flow is shared -> features -> app).',
  },
  {
    target: `./${WEB}/lib`,
    from: [`./${WEB}/store`, `./${WEB}/components`, `./${WEB}/app`],
    message: 'lib/ is the bottom layer: it never imports store/, components/ or app/.',
  },
  {
    target: `./${WEB}/store`,
    from: [`./${WEB}/components`, `./${WEB}/features`, `./${WEB}/app`],
    message: 'store/ (slices, the store, typed hooks, selectors) builds on lib/ alone: never components/, features/ or app/.',
  },
  {
    target: [`./${WEB}/components`, `./${WEB}/features`],
    from: `./${WEB}/app`,
    message: 'Shared components and features never import app/: state and its hooks come from store/.',
  },
];

// Server zones: a module reads another module only through its repository.ts (its data) or its
// index.ts (what else it offers); its routes, services and mails are its own.
const SERVER_MODULES = 'apps/server/src/modules';
const serverModules = readdirSync(new URL(`./${SERVER_MODULES}`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const serverZones = serverModules.map((module) => ({
  target: `./${SERVER_MODULES}/${module}`,
  from: `./${SERVER_MODULES}`,
  except: [`./${module}`, ...serverModules.filter((m) => m !== module).flatMap((m) => [`./${m}/repository.ts`, `./${m}/index.ts`])],
  message: 'A module reads another only through its repository.ts or index.ts, never its routes, services or mails.',
}));

// import-x/no-cycle skips type-only imports (`import type`, `export type ... from`): they vanish at
// run time, and the rule has no option to follow them. A cycle of types still ties its files into
// one, and both cycles the server and shared packages had were of types (a migration and the
// migrations' list; shared's content translations and settings). So their files are parsed with
// every import and re-export read as a value one, for the file linted and for the files no-cycle
// follows from it (languageOptions.parser; no import-x/parsers). The scope analysis other rules use
// is made from the real kinds, before the change.
const followingTypeImports = {
  meta: { name: 'typescript-eslint-parser-following-type-imports' },
  parseForESLint(code, options) {
    const result = tseslint.parser.parseForESLint(code, options);
    for (const node of result.ast.body) {
      if (node.type === 'ImportDeclaration') {
        node.importKind = 'value';
        for (const specifier of node.specifiers) if (specifier.type === 'ImportSpecifier') specifier.importKind = 'value';
      } else if ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source) {
        node.exportKind = 'value';
        for (const specifier of node.specifiers ?? []) specifier.exportKind = 'value';
      }
    }
    return result;
  },
};

/** The server's and shared's import rules: their imports resolved by their own tsconfig, type-only ones followed. */
const followingImports = (project) => ({
  plugins: { 'import-x': importX },
  languageOptions: { parser: followingTypeImports },
  settings: {
    'import-x/resolver-next': [createTypeScriptImportResolver({ project })],
    // no-cycle follows only the files of these extensions (it sees no imports in the others).
    'import-x/extensions': ['.ts'],
  },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      '**/.data*/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
  // Server zones (apps/server/README.md, Layout): lib/, db/, mail/, scheduler/, storage/ and speed/ are
  // the bottom layer and never import plugins/ or modules/; plugins/ never import modules/ (the app
  // passes them what they need).
  {
    files: ['apps/server/src/{lib,db,mail,scheduler,storage,speed}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/plugins/**', '**/modules/**'],
              message: 'lib/, db/, mail/, scheduler/, storage/ and speed/ never import plugins/ or modules/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**'], message: 'plugins/ never import modules/: take what you need as plugin options.' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ...followingImports('apps/server/tsconfig.json'),
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    ...followingImports('packages/shared/tsconfig.json'),
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // The pages load their data in effects and set a loading flag first: the pattern this rule
      // rejects. Its alternative (route loaders or Suspense for data) is a larger change than a rule.
      'react-hooks/set-state-in-effect': 'off',
      // False positive with react-hook-form: handleSubmit(onSubmit) is taken for a call during render.
      'react-hooks/refs': 'off',
      ...jsxA11y.flatConfigs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
      'import-x/no-cycle': 'error',
      // Type-aware, and cheap: a forgotten promise loses its error; a promise where a callback
      // returns void (onClick={async ...}) hides one.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
);
