// ESLint flat config (ESLint 10). Formatting is Prettier's job (`.prettierrc.json`); nothing here
// checks layout. `npm run lint` runs both; `npm run format` rewrites with Prettier.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Where each layer may not reach (docs/architecture.md#layers). Paths are relative to this file. */
const coreStaysShared = { target: './src/core', from: ['./src/server', './src/web'], message: 'src/core is shared by browser and server.' };
const webStaysInBrowser = {
  target: './src/web',
  from: './src/server',
  message: 'The web app reaches the server through the API or the load context only.',
};
const serverLeavesWebAlone = {
  target: './src/server',
  from: './src/web',
  message: 'Only the SSR hand-off (app.ts, plugins/ssr.ts) may import src/web/load-context.ts.',
};
/**
 * Web features (src/web/features/<name>) keep their internals: another feature may import only a
 * feature's api.ts (its queries and calls) and its hooks (use-*.ts). What several features show or
 * use goes to src/web/components or src/web/lib (docs/architecture.md).
 */
const FEATURES = path.resolve(import.meta.dirname, 'src/web/features');
const featuresKeepTheirInternals = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `./src/web/features/${name}`,
    from: `${FEATURES}/*/**`,
    except: [`${FEATURES}/${name}/**`, `${FEATURES}/*/api.ts`, `${FEATURES}/*/use-*.ts`],
    message: `Import another feature's api.ts or use-*.ts only; move what features share to src/web/components or src/web/lib.`,
  }));
/** The SSR hand-off: the server builds the load context the web app's loaders read. */
const ssrHandOff = ['src/server/app.ts', 'src/server/plugins/ssr.ts'];

export default defineConfig([
  globalIgnores([
    'build/',
    '.react-router/',
    'data/',
    '.e2e-data/',
    'public/',
    'test-results/',
    'playwright-report/',
    'bench/results/',
    'src/server/db/migrations/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // React Router's loaders throw `redirect()` (a Response) and `data()` to answer with a status.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
      // `declare module 'react-router' { interface AppLoadContext extends StoreLoadContext {} }` is
      // how React Router's load context is typed (declaration merging needs an interface).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // Off: Fastify plugins and hooks are `async` by convention (the other form takes a `done`
      // callback), and interface implementations (a mail transport's `send`, test stand-ins) return
      // promises without awaiting anything. The rule would push those back to callbacks.
      '@typescript-eslint/require-await': 'off',
    },
  },

  // Tests read responses with `app.inject(...).json()` and Playwright's `response.json()`, typed
  // `any`, and assert their shape with `expect`. The no-unsafe-* rules stay on for application code.
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // Plain JavaScript (scripts/*.mjs, this file) is outside tsconfig: no type-aware rules there.
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },

  // React: the rules of hooks for the web app. Off: the plugin's other recommended rules (purity,
  // refs, immutability, set-state-in-effect, static-components, incompatible-library...). They check
  // that components can be compiled by the React Compiler, which this app does not use, and run the
  // compiler over every file (about a third of the lint time). See docs/decisions/0004-lint-and-format.md.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // Imports: no cycles, and the layers of docs/architecture.md#layers.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [coreStaysShared, webStaysInBrowser, serverLeavesWebAlone, ...featuresKeepTheirInternals] },
      ],
    },
  },
  {
    files: ssrHandOff,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [coreStaysShared, webStaysInBrowser, { ...serverLeavesWebAlone, except: ['./load-context.ts'] }] },
      ],
    },
  },

  // File and folder names in kebab-case (`entry.client.tsx`, `cart.test.ts`: the middle parts are free).
  {
    files: ['src/**/*', 'tests/**/*', 'scripts/**/*'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
]);
