import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const integration = (name: string): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    environment: 'node',
    include: ['server/**/*.int.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    setupFiles: ['server/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// The external-database suite runs whenever TEST_DATABASE_URL names a server (CI sets it);
// without it there is no such project, so nothing is reported as skipped-but-passed.
const hasExternalDatabase = Boolean(process.env.TEST_DATABASE_URL);
if (!hasExternalDatabase) {
  console.warn('TEST_DATABASE_URL is not set: the integration suite runs on the embedded PostgreSQL only.');
}

export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts'],
          exclude: ['server/**/*.int.test.ts'],
          setupFiles: ['server/test/setup.ts'],
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}'],
          // Node, not only Vite, must answer react with preact/compat (tests/client-on-preact.ts).
          setupFiles: ['tests/client-on-preact.ts', 'client/test/setup.ts'],
        },
      },
      {
        // Reads the built client (dist/client): npm test builds before it runs.
        extends: true,
        test: {
          name: 'bundle',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
        },
      },
      integration('integration-embedded'),
      ...(hasExternalDatabase ? [integration('integration-external')] : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
