import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Which source root may import which: shared stands alone, client and server never meet. */
const boundaries = (forbidden) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: forbidden.map((root) => ({
        group: [`#${root}/*`, `**/${root}/*`],
        message: `Code here may not import from ${root}/: move what both sides need to shared/.`,
      })),
    },
  ],
});

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
    files: ['server/**', 'scripts/**', 'bench/**', 'tests/**', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['client/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...boundaries(['server']) },
  },
  { files: ['server/**'], rules: boundaries(['client']) },
  { files: ['shared/**'], rules: boundaries(['client', 'server']) },
);
