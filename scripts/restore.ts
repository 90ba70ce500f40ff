// `npm run restore -- <archive>`: fills the empty data directory named by DATA_DIR (or the empty
// database of DATABASE_URL) from an archive of `npm run backup`. See server/ops/restore.ts and
// decision 038.
import { parseArgs } from 'node:util';
import { abortOnSignals, fromCallerFolder, loadOpsConfig, opsLogger, reportFailure } from '../server/ops/ops-cli.ts';
import { OpsError } from '../server/ops/ops-error.ts';
import { describeRestore, restoreBackup } from '../server/ops/restore.ts';

const USAGE = 'Usage: npm run restore -- <archive>   (into the empty DATA_DIR, or the empty database of DATABASE_URL)';

let exitCode = 0;
try {
  let parsed: ReturnType<typeof parseArgs<{ options: { help: { type: 'boolean' } }; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ options: { help: { type: 'boolean' } }, allowPositionals: true });
  } catch (error) {
    throw new OpsError(`${(error as Error).message}\n${USAGE}`);
  }
  if (parsed.values.help) {
    console.log(USAGE);
  } else {
    if (parsed.positionals.length !== 1) throw new OpsError(`Name one archive to restore.\n${USAGE}`);
    const config = loadOpsConfig();
    const signal = abortOnSignals(
      (name) => `npm run restore was stopped (${name}): what it had created in the data directory was removed.`,
    );
    const result = await restoreBackup({
      config,
      archive: fromCallerFolder(parsed.positionals[0] as string),
      logger: opsLogger(config),
      signal,
    });
    console.log(describeRestore(result, config));
    for (const note of result.notes) console.log(note);
  }
} catch (error) {
  exitCode = 1;
  reportFailure('npm run restore', error);
}
process.exit(exitCode);
