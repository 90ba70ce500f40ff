import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/**
 * Runs axe-core over the settled page and returns every violation it finds, whatever its impact.
 * No rule is turned off and no element is left out: a violation is fixed in the app.
 */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
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
  // Once per document: a page that stays (the theme or the width changed) keeps its axe.
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(axeSource);
  return page.evaluate<AxeViolation[]>(`
    axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations)
  `);
}

function readable(violations: AxeViolation[]): string[] {
  return violations.map(
    (violation) =>
      `${violation.impact ?? 'unknown'} ${violation.id}: ${violation.help} (${violation.nodes
        .slice(0, 5)
        .map((node) => JSON.stringify(node.target))
        .join(', ')})`,
  );
}

/** Runs axe-core in the page and returns its serious and critical violations, readable. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  const violations = await axeViolations(page);
  return readable(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'));
}

/** Runs axe-core in the page and returns every violation of any impact (minor and moderate too), readable. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  return readable(await axeViolations(page));
}
