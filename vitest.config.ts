import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// the command-line entry points' tests (scripts/demo) run against the database like the server's
const INTEGRATION_FILES = ['server/**/*.int.test.ts', 'scripts/**/*.int.test.ts'];

/**
 * What the embedded project runs when an external server is there too (decision 025): what
 * depends on the kind of database — `npm start`'s own server (start, stop, its data directory),
 * the migrations on its PostgreSQL version, and its death and restart under writes. The rest runs
 * once, on the external server, whose PostgreSQL (15) is the oldest Townhall supports.
 */
const EMBEDDED_FILES = [
  'server/main.int.test.ts',
  'server/graceful-shutdown.int.test.ts',
  'server/db/migrate.int.test.ts',
  'server/db/database-outage.int.test.ts',
  'server/db/embedded-watchdog.int.test.ts',
  'server/ops/backup-restore.int.test.ts',
];

/**
 * The live Q&A's own files (merging, anonymous questions, the fair queue, the moderation ledger,
 * carry-over, host analytics) run on both databases in every run, as their issue asked: their SQL
 * (pooled votes under concurrent writes, the fresh order's arithmetic, the ledger's append-only
 * trigger, percentiles) is the newest in the application, so it runs on PostgreSQL 18 (embedded)
 * as well as 15 (external).
 */
const LIVE_QA_FILES = [
  'server/features/questions/merge.int.test.ts',
  'server/features/questions/anonymous-questions.int.test.ts',
  'server/features/questions/fair-queue.int.test.ts',
  'server/features/ledger/ledger.int.test.ts',
  'server/features/sessions/carry-over.int.test.ts',
  'server/features/host-analytics/host-analytics.int.test.ts',
];

/**
 * Files that prove one process hears another "at once" (a session ended on one is refused by the
 * next request to the other, a vote reaches the other's viewers). They run one at a time after
 * the parallel files, as the browser tests do, so that no other file starves one of those
 * processes of CPU between the write's answer and the next request (decision 045).
 */
const ALONE_FILES = [
  'server/features/accounts/sessions-across-processes.int.test.ts',
  'server/live/multi-process.int.test.ts',
];

/** The accessibility walk (tests/e2e/accessibility-pages.ts): its own project, `accessibility`. */
const ACCESSIBILITY_WALK = 'tests/e2e/accessibility.e2e.test.ts';

const integration = (
  name: string,
  files: { include: string[]; exclude?: string[]; alone?: boolean },
): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    environment: 'node',
    include: files.include,
    exclude: [...configDefaults.exclude, ...(files.exclude ?? [])],
    ...(files.alone ? { fileParallelism: false } : {}),
    globalSetup: ['server/test/global-setup.ts'],
    setupFiles: ['server/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// The external-database suite runs whenever TEST_DATABASE_URL names a server (CI sets it);
// without it there is no such project, so nothing is reported as skipped-but-passed, and the
// embedded project runs every integration file.
const hasExternalDatabase = Boolean(process.env.TEST_DATABASE_URL);
if (!hasExternalDatabase) {
  console.warn('TEST_DATABASE_URL is not set: the integration suite runs on the embedded PostgreSQL only.');
}
const integrationProjects = hasExternalDatabase
  ? [
      integration('integration-embedded', { include: [...EMBEDDED_FILES, ...LIVE_QA_FILES] }),
      integration('integration-external', {
        include: INTEGRATION_FILES,
        // it starts embedded servers of its own, whatever the project
        exclude: ['server/db/embedded-watchdog.int.test.ts', ...ALONE_FILES],
      }),
      integration('integration-alone', { include: ALONE_FILES, alone: true }),
    ]
  : [
      integration('integration-embedded', { include: INTEGRATION_FILES, exclude: ALONE_FILES }),
      integration('integration-alone', { include: ALONE_FILES, alone: true }),
    ];

export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    // A worker per core, two at least: most files wait on PostgreSQL, Redis, a spawned server or
    // a browser, so a second worker is busy while the first waits (Vitest's default, a core
    // fewer, ran the whole suite in one worker on a 2-core machine; decision 045).
    maxWorkers: Math.max(2, availableParallelism()),
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
          // jsdom tests that walk a page with user-event take a few seconds on a busy 2-core
          // machine; the default 5 s failed one under load (a timeout, not a wrong answer)
          testTimeout: 20_000,
        },
      },
      {
        // Reads the built client (dist/client): npm test builds before it runs.
        extends: true,
        test: {
          name: 'bundle',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'scripts/**/*.int.test.ts'],
        },
      },
      ...integrationProjects,
      {
        // The accessibility walk (axe over every page, as every kind of person, in four looks) only
        // opens pages and reads them: nothing in it depends on timing. It runs on a server of its
        // own, in one worker, while the other worker runs the browser tests one file at a time:
        // their CPU is mostly idle (they wait on pages and events) and the walk's is mostly axe.
        // Both projects come after the parallel files (groupOrder 1); this one's name sorts first,
        // so the walk starts at once (decision 048).
        extends: true,
        test: {
          name: 'accessibility',
          environment: 'node',
          include: [ACCESSIBILITY_WALK],
          globalSetup: ['tests/e2e/global-setup.ts'],
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          exclude: [...configDefaults.exclude, ACCESSIBILITY_WALK],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // one file at a time all the same: each holds a lock from its first hook to its last
          setupFiles: ['tests/e2e/one-at-a-time.ts'],
          sequence: { groupOrder: 1 },
          // expect.poll waits for what a page shows after an action; Vitest's default of 1 s is
          // less than a page takes beside the accessibility walk on a busy 2-core machine
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
