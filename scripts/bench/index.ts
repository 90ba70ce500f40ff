// `npm run bench <name>`: runs scripts/bench/<name>.ts, which prints its figures as tables.
// Benchmarks are never timed assertions in tests; they are run by hand and their figures quoted.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const available = fs
  .readdirSync(here)
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .map((file) => file.replace(/\.ts$/, ''));
const [name, ...rest] = process.argv.slice(2);
if (!name || !available.includes(name)) {
  console.log(`Usage: npm run bench <name> [-- options]\nBenchmarks: ${available.join(', ')}`);
  process.exit(name ? 1 : 0);
}
process.argv = [process.argv[0] ?? 'node', path.join(here, `${name}.ts`), ...rest];
await import(pathToFileURL(path.join(here, `${name}.ts`)).href);
