// `npm run backup [-- --out DIR] [--keep N]`: one archive of the installation (database, images,
// manifest) while it keeps serving. See server/ops/backup.ts and decision 038.
import { parseArgs } from 'node:util';
import { createBackup, describeBackup } from '../server/ops/backup.ts';
import { abortOnSignals, fromCallerFolder, loadOpsConfig, opsLogger, reportFailure } from '../server/ops/ops-cli.ts';
import { OpsError } from '../server/ops/ops-error.ts';

const USAGE = 'Usage: npm run backup [-- --out DIR] [--keep N]';

let exitCode = 0;
try {
  const { values } = (() => {
    try {
      return parseArgs({
        options: { out: { type: 'string' }, keep: { type: 'string' }, help: { type: 'boolean' } },
        allowPositionals: false,
      });
    } catch (error) {
      throw new OpsError(`${(error as Error).message}\n${USAGE}`);
    }
  })();
  if (values.help) {
    console.log(
      `${USAGE}\n\nWrites DATA_DIR/backups/townhall-backup-<time>.tar (or into --out DIR).\n` +
        '--keep N removes the oldest archives of that folder beyond the newest N.',
    );
  } else {
    let keep: number | undefined;
    if (values.keep !== undefined) {
      keep = Number(values.keep);
      if (!Number.isInteger(keep) || keep < 1) {
        throw new OpsError(`--keep must be a whole number of at least 1.\n${USAGE}`);
      }
    }
    const config = loadOpsConfig();
    const signal = abortOnSignals((name) => `npm run backup was stopped (${name}): no archive was written.`);
    const result = await createBackup({
      config,
      logger: opsLogger(config),
      outDir: values.out === undefined ? undefined : fromCallerFolder(values.out),
      keep,
      signal,
    });
    console.log(`Backup written to ${result.file}`);
    console.log(describeBackup(result));
    for (const note of result.notes) console.log(note);
    if (result.pruned.length > 0) console.log(`Removed ${result.pruned.length} older archive(s) (--keep ${keep}).`);
  }
} catch (error) {
  exitCode = 1;
  reportFailure('npm run backup', error);
}
process.exit(exitCode);
