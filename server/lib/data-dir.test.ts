import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, loadOrCreateSecrets, lockDataDir } from './data-dir.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-datadir-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a second owner while the first lives, then lets go', () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      fs.writeFileSync(path.join(dir, 'townhall.pid'), `${child.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(
        `Another Townhall process (pid ${child.pid}) is already using the data directory`,
      );
    } finally {
      child.kill();
    }
  });

  it('takes over the pid file of a process that died', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.once('exit', resolve));
    fs.writeFileSync(path.join(dir, 'townhall.pid'), `${child.pid}\n`);
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'townhall.pid'), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'townhall.pid'))).toBe(false);
  });
});

describe('loadOrCreateSecrets', () => {
  it('generates secrets once, keeps them private and stable', () => {
    const dir = tempDir();
    const first = loadOrCreateSecrets(dir);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.postgresPassword.length).toBeGreaterThanOrEqual(24);
    expect(fs.statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecrets(dir)).toEqual(first);
  });
});
