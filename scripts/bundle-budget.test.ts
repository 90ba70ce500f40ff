import { describe, expect, it } from 'vitest';
import { budgetFailures, formatFirstLoads, measureFirstLoads } from './bundle-budget.ts';

describe('the first load of the built client', () => {
  it('fits each page’s JavaScript budget', () => {
    const loads = measureFirstLoads();
    console.log(`JavaScript of a first load, from the Vite manifest of dist/client:\n${formatFirstLoads(loads)}`);
    expect(budgetFailures(loads)).toEqual([]);
  });
});
