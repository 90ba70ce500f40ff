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
  { files: ['shared/**'], rules: boundaries(['client', 'server']) },
);
