import type { TestProject } from 'vitest/node';
import { createTestDatabase } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseKind: 'embedded' | 'external';
  }
}

/**
 * Integration projects: one fresh database per run. `integration-embedded` starts an embedded
 * server; the others use TEST_DATABASE_URL's server when it is set (vitest.config.ts).
 */
export default async function setup(project: TestProject) {
  const kind = project.name !== 'integration-embedded' && process.env.TEST_DATABASE_URL ? 'external' : 'embedded';
  const database = await createTestDatabase(kind);
  project.provide('databaseUrl', database.url);
  project.provide('databaseKind', kind);
  return async () => {
    await database.drop();
  };
}
