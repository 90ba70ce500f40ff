import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/** Runs axe-core in the page and returns its serious and critical violations, readable. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script>: the app's Content-Security-Policy refuses inline
  // scripts, and the tests keep that policy on. (Evaluation is the debugger's, outside the CSP.)
  // Judged on the settled page: a dialog fades in for 200 ms, and colours read mid-fade are the
  // blend of the dialog and what is behind it. Endless animations (spinners) are not waited for.
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Infinity)));
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
  await page.evaluate(axeSource);
  const violations = await page.evaluate<AxeViolation[]>(`
    axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations)
  `);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes
          .slice(0, 5)
          .map((node) => JSON.stringify(node.target))
          .join(', ')})`,
    );
}
