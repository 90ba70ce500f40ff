// `npm run doctor [-- --repair]`: checks the installation (DATA_DIR, DATABASE_URL, S3_* as for
// `npm start`), running or stopped, and prints one line per check; exits 1 when a problem is found.
// With --repair it prints its plan, then fixes the counters and removes orphaned files.
import { ConfigError, loadConfig } from '../server/config/env.ts';
import { runDoctor } from '../server/ops/doctor.ts';

const USAGE = 'Usage: npm run doctor [-- --repair]';

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--repair' && arg !== '--help' && arg !== '-h');
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown.join(' ')}. ${USAGE}`);
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

try {
  const { exitCode } = await runDoctor({
    config,
    repair: args.includes('--repair'),
    write: (line) => process.stdout.write(`${line}\n`),
  });
  process.exitCode = exitCode;
} catch (error) {
  // runDoctor turns what it finds into lines; this is a fault of the doctor itself
  console.error(`The doctor failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
