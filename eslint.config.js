import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Which source root may import which: shared stands alone, client and server never meet. */
const rootPatterns = (forbidden) =>
  forbidden.map((root) => ({
    group: [`#${root}/*`, `**/${root}/*`],
    message: `Code here may not import from ${root}/: move what both sides need to shared/.`,
  }));
const boundaries = (forbidden, more = []) => ({
  'no-restricted-imports': ['error', { patterns: [...rootPatterns(forbidden), ...more] }],
});

/** Zones inside the client: the UI kit imports no feature and no app code; features do not import the app. */
const NO_FEATURES = {
  group: ['#client/features/*', '**/features/*'],
  message: 'The UI kit may not import a feature: pass what it needs as props, or move the helper to client/lib.',
};
const NO_APP = {
  group: ['#client/app/*', '**/app/*'],
  message: 'This may not import client/app/ (the shell and router compose features, not the other way round).',
};

/**
 * Zones between client features: routes compose features, so a feature imports another only if
 * that one is shared: accounts (the session, the sign-in modal), content (what posts and questions
 * share) and the subscribe gate, which is reached only through its client/features/gate/index.ts.
 * Made from the folder list, so a new feature is walled in as soon as it exists.
 */
const CLIENT_FEATURES = readdirSync(new URL('client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const clientFeatureZones = {
  'import-x/no-restricted-paths': [
    'error',
    {
      basePath: import.meta.dirname,
      zones: CLIENT_FEATURES.map((name) => ({
        target: `./client/features/${name}`,
        from: './client/features',
        except: [...new Set([`./${name}`, './accounts', './content', './gate/index.ts'])],
        message: `A feature imports another only if it is shared (accounts, content, or gate through its index.ts): compose ${name} with it in a route, or move the piece to client/lib, client/hooks or components/ui.`,
      })),
    },
  ],
};

/**
 * The client takes only types from zod and the shared schemas (decision 024): their values would
 * put zod (about 26 KB of gzip) on the first load of every page. `import { type X }` counts as a
 * value import here, since it leaves the module's import (and its zod) behind: write `import type`.
 */
const typesOnlyFromZod = {
  '@typescript-eslint/no-import-type-side-effects': 'error',
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: [{ name: 'zod', allowTypeImports: true, message: 'The client loads no zod: import types only.' }],
      patterns: [
        {
          regex: '(^#|/)shared/schemas/',
          allowTypeImports: true,
          message:
            'The client imports only types from shared/schemas (values load zod): constants live in shared/constants.',
        },
      ],
    },
  ],
};

/**
 * Zones inside the server: a feature reaches another feature only through its `public.ts`, and the
 * building blocks under the features (lib, db, live, config) import no feature. The zones are made
 * from the folder list, so a new feature is walled in as soon as it exists.
 */
const SERVER_FEATURES = readdirSync(new URL('server/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverZones = {
  'import-x/no-restricted-paths': [
    'error',
    {
      basePath: import.meta.dirname,
      zones: [
        ...SERVER_FEATURES.map((name) => ({
          target: `./server/features/${name}`,
          from: './server/features',
          except: [
            `./${name}`,
            ...SERVER_FEATURES.filter((other) => other !== name).map((other) => `./${other}/public.ts`),
          ],
          message: `A feature imports another feature only through its public.ts: export what ${name} needs there, or move a building block to server/lib/.`,
        })),
        {
          target: ['./server/lib', './server/db', './server/live', './server/config'],
          from: './server/features',
          message: 'The building blocks under the features import no feature: move what both need to server/lib/.',
        },
      ],
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', 'server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['server/**', 'scripts/**', 'tests/**', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['client/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...boundaries(['server']), ...typesOnlyFromZod },
  },
  {
    // Their own checks run with the shared zod schemas, and they load after a page's first load:
    // the session form (a dialog), the contact page, the admin pages. Tests compare the hand-written
    // checks with the schemas.
    files: [
      'client/features/sessions/components/session-form.tsx',
      'client/features/site/components/contact-form.tsx',
      'client/features/admin/components/admin-content.tsx',
      'client/**/*.test.{ts,tsx}',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['client/components/ui/**'],
    ignores: ['client/**/*.test.{ts,tsx}'],
    rules: boundaries(['server'], [NO_FEATURES, NO_APP]),
  },
  {
    files: ['client/features/**'],
    ignores: ['client/**/*.test.{ts,tsx}'],
    rules: boundaries(['server'], [NO_APP]),
  },
  {
    // Tests and their fixtures (client/features/*/test/) may set up through another feature: the
    // gate's test mounts the group page and subscribes with the groups feature.
    files: ['client/features/**'],
    ignores: ['client/**/*.test.{ts,tsx}', 'client/**/test/**'],
    plugins: { 'import-x': importX },
    rules: clientFeatureZones,
  },
  {
    // No import cycles: a module's imports form a tree, so a newcomer can read them bottom-up.
    files: ['client/**', 'server/**', 'shared/**', 'scripts/**', 'tests/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.server.json', 'tsconfig.client.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    // A dynamic import() back is no cycle at load time: the toast API loads its toaster lazily.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
  { files: ['server/**'], rules: boundaries(['client']) },
  {
    // Tests may set up and observe through another feature's internals (grantAdmin, a list read);
    // the app, plugins, ops, test helpers and scripts compose features and are not zoned.
    files: ['server/**'],
    ignores: ['server/**/*.test.ts'],
    rules: serverZones,
  },
  { files: ['shared/**'], rules: boundaries(['client', 'server']) },
);
