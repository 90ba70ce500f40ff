/** How a check came out: fine, worth a look, or something to fix (the exit code is 1). */
export type CheckStatus = 'ok' | 'warning' | 'problem';

/** One line of `npm run doctor`: what was checked, how it came out, in a sentence. */
export interface CheckResult {
  status: CheckStatus;
  /** The area: 'database', 'migrations', 'counters', 'images', 'jobs', 'mail', 'secrets', 'disk'. */
  check: string;
  message: string;
  /** For a warning or a problem: what to do about it. */
  fix?: string;
}

/** Where a line goes (stdout for the command, an array in tests). */
export type Write = (line: string) => void;

const LABEL_WIDTH = 12;

/** One printed line: `problem  counters   posts.like_count … → Run …`. */
export function formatResult(result: CheckResult): string {
  const fix = result.fix && result.status !== 'ok' ? ` → ${result.fix}` : '';
  return `${result.status.padEnd(9)}${result.check.padEnd(LABEL_WIDTH)}${result.message}${fix}`;
}

/** "1 row", "3 rows". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** Bytes for people: "512 B", "3.4 MiB", "12.0 GiB". */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** A connection string without its password, to print: `postgres://townhall@db:5432/townhall`. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.search = '';
    return parsed.toString();
  } catch {
    return '(a connection string that is not a URL)';
  }
}

/**
 * Replaces every secret it was told of with `[redacted]` in what is printed: a driver's error
 * message may quote its connection string, and nothing the doctor prints may carry a password.
 */
export class Redactor {
  readonly #secrets = new Set<string>();

  add(secret: string | undefined): void {
    // very short values would blank out ordinary words
    if (secret && secret.length >= 4) this.#secrets.add(secret);
  }

  /** Every password and secret in a connection string (its password, also percent-encoded). */
  addUrl(url: string | undefined): void {
    if (!url) return;
    try {
      const parsed = new URL(url);
      if (parsed.password) {
        this.add(parsed.password);
        this.add(decodeURIComponent(parsed.password));
      }
    } catch {
      // not a URL: nothing to take from it
    }
  }

  clean(text: string): string {
    let cleaned = text;
    for (const secret of this.#secrets) cleaned = cleaned.replaceAll(secret, '[redacted]');
    return cleaned;
  }
}

/** The message of any thrown value, on one line. */
export function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replaceAll(/\s*\n\s*/g, ' ').trim() || (error instanceof Error ? error.name : 'unknown error');
}
