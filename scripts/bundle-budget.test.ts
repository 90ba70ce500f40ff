import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgetFailures, CLIENT_DIST, formatFirstLoads, measureFirstLoads } from './bundle-budget.ts';

describe('the first load of the built client', () => {
  it('fits each page’s JavaScript budget', () => {
    const loads = measureFirstLoads();
    console.log(`JavaScript of a first load, from the Vite manifest of dist/client:\n${formatFirstLoads(loads)}`);
    expect(budgetFailures(loads)).toEqual([]);
  });

  it('has budgets within their targets', () => {
    for (const load of measureFirstLoads()) expect(load.budget, load.page).toBeLessThanOrEqual(load.target);
  });

  it('carries no zod: the client types its answers from the shared schemas and checks by hand (decision 024)', () => {
    // Every zod schema class registers itself under this name, minified or not.
    const withZod = measureFirstLoads().flatMap((load) =>
      load.files
        .filter(({ file }) => fs.readFileSync(path.join(CLIENT_DIST, file), 'utf8').includes('$ZodType'))
        .map(({ file }) => `${load.page}: ${file}`),
    );
    expect(withZod).toEqual([]);
  });
});
