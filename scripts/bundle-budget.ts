/**
 * The JavaScript a first visit to each budgeted page fetches, read from the built client's module
 * graph (the Vite manifest): the entry and everything it imports statically, the page's lazy
 * modules (shared/lib/route-modules.ts) and their static imports, and the modules the app always
 * imports dynamically at first render. Sizes are gzip, as the server sends each file to a browser
 * that accepts gzip: the `.gz` file the build wrote beside it, or the file itself when the build
 * found that compressing did not make it smaller. The classic scripts of index.html (boot.js) count too. Deterministic: the same build gives the same figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTRY_KEY, readClientManifest, type ClientManifest } from '../server/lib/client-manifest.ts';
import {
  BUDGET_KB,
  FIRST_LOAD_JS_BUDGETS_KB,
  FIRST_LOAD_JS_TARGETS_KB,
  type BudgetedPage,
} from '../shared/constants/bundle-budgets.ts';
import { FIRST_RENDER_MODULES, ROUTE_MODULES } from '../shared/lib/route-modules.ts';

/** Where `npm run build` writes the client. */
export const CLIENT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'client');

/** One page's first load: its files (largest first), their sum and its budget, in bytes of gzip. */
export type FirstLoad = {
  page: BudgetedPage;
  files: { file: string; gzip: number }[];
  total: number;
  budget: number;
  /** Where the budget should go in the end (FIRST_LOAD_JS_TARGETS_KB). */
  target: number;
};

/** The bytes the server sends for the built file `file` (relative to `distDir`) to a browser that accepts gzip. */
export function gzipSizeOf(distDir: string, file: string): number {
  const full = path.join(distDir, file);
  const gz = fs.statSync(`${full}.gz`, { throwIfNoEntry: false });
  return gz ? gz.size : fs.statSync(full).size;
}

/** Every chunk key that `keys` load statically, themselves included. */
function staticClosure(manifest: ClientManifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(
        `${key} is not in the Vite manifest: shared/lib/route-modules.ts names a module the build does not have`,
      );
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

/** The scripts index.html loads itself, outside the module graph (boot.js, which sets the theme first). */
function classicScriptsOf(distDir: string): string[] {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  return [...html.matchAll(/<script\b(?![^>]*type="module")[^>]*\bsrc="\/([^"]+)"/g)].map((match) => match[1] ?? '');
}

/** The first load of `page` in the client built into `distDir` with `manifest`. */
export function firstLoadOf(distDir: string, manifest: ClientManifest, page: BudgetedPage): FirstLoad {
  const keys = staticClosure(manifest, [ENTRY_KEY, ...FIRST_RENDER_MODULES, ...(ROUTE_MODULES[page] ?? [])]);
  const scripts = new Set([
    ...classicScriptsOf(distDir),
    ...[...keys].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js')),
  ]);
  const files = [...scripts]
    .map((file) => ({ file, gzip: gzipSizeOf(distDir, file) }))
    .sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file));
  return {
    page,
    files,
    total: files.reduce((sum, file) => sum + file.gzip, 0),
    budget: FIRST_LOAD_JS_BUDGETS_KB[page] * BUDGET_KB,
    target: FIRST_LOAD_JS_TARGETS_KB[page] * BUDGET_KB,
  };
}

/** The first load of every budgeted page of the client in `distDir` (`npm run build` first). */
export function measureFirstLoads(distDir = CLIENT_DIST): FirstLoad[] {
  const { manifest, problem } = readClientManifest(distDir);
  if (!manifest) throw new Error(`${problem ?? 'no Vite manifest'}: run \`npm run build\` first (npm test does).`);
  return (Object.keys(FIRST_LOAD_JS_BUDGETS_KB) as BudgetedPage[]).map((page) => firstLoadOf(distDir, manifest, page));
}

/** Bytes as the report prints them: KB of 1,000 bytes, one decimal. */
export const kb = (bytes: number) => `${(bytes / BUDGET_KB).toFixed(1)} KB`;

/** A sentence for each page over its budget, saying by how much; none when all fit. */
export function budgetFailures(loads: readonly FirstLoad[]): string[] {
  return loads
    .filter((load) => load.total > load.budget)
    .map(
      (load) =>
        `The first load of ${load.page} fetches ${kb(load.total)} of JavaScript (gzip), ${kb(load.total - load.budget)} over its budget of ${kb(load.budget)}.`,
    );
}

/** Each page's total, file count and budget, and its biggest chunks. */
export function formatFirstLoads(loads: readonly FirstLoad[], biggest = 6): string {
  return loads
    .map((load) => {
      const head = `${load.page}: ${kb(load.total)} gzip in ${String(load.files.length)} files (budget ${kb(load.budget)}, ${load.total > load.budget ? `${kb(load.total - load.budget)} over` : `${kb(load.budget - load.total)} left`}; ${load.total > load.target ? `${kb(load.total - load.target)} above` : `${kb(load.target - load.total)} within`} the target of ${kb(load.target)})`;
      const rows = load.files.slice(0, biggest).map((file) => `  ${kb(file.gzip).padStart(9)}  ${file.file}`);
      return [head, ...rows].join('\n');
    })
    .join('\n');
}
