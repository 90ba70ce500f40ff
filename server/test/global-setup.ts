import type { TestProject } from 'vitest/node';
import { createTestDatabase } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseKind: 'embedded' | 'external';
  }
}

/**
 * Integration projects: one fresh database per run. The project named `integration-external`
 * uses TEST_DATABASE_URL's server; the others start an embedded one.
 */
export default async function setup(project: TestProject) {
  const kind = project.name === 'integration-external' ? 'external' : 'embedded';
  const database = await createTestDatabase(kind);
  project.provide('databaseUrl', database.url);
  project.provide('databaseKind', kind);
  return async () => {
    await database.drop();
  };
}
