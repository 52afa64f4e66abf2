import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connect.ts';
import { loadJwtSecret } from '../secrets.ts';
import { prepareDatabase } from '../startup.ts';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe("the shop's data is readable by the shop's user alone", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Starts on `dataDir` as server.ts does: the signing secret, then the database, migrated and written. */
  async function startOn(dataDir: string) {
    loadJwtSecret(null, dataDir);
    const file = path.join(dataDir, 'shop.db');
    const handle = openDatabase({ dialect: 'sqlite', file });
    await prepareDatabase(handle, { database: { dialect: 'sqlite', file }, seed: true });
    return { handle, file };
  }

  function expectPrivate(dataDir: string, file: string) {
    expect(modeOf(dataDir).toString(8)).toBe('700');
    expect(modeOf(path.join(dataDir, 'secrets')).toString(8)).toBe('700');
    for (const f of [
      file,
      `${file}-wal`,
      `${file}-shm`,
      `${file}.startup-lock`,
      path.join(dataDir, 'secrets', 'jwt-secret'),
    ]) {
      expect(modeOf(f).toString(8), f).toBe('600');
    }
  }

  it('creates the data folder 0700 and the database, its journal and the secret 0600, whatever the umask', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-private-'));
    dirs.push(parent);
    const dataDir = path.join(parent, 'data');
    const umask = process.umask(0o022);
    try {
      const { handle, file } = await startOn(dataDir);
      // While open: the -wal and -shm files are gone once the last connection closes.
      expectPrivate(dataDir, file);
      await handle.close();
    } finally {
      process.umask(umask);
    }
  });

  it('tightens what an older version left readable by everyone', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-private-'));
    dirs.push(dataDir);
    const first = await startOn(dataDir);
    for (const f of [dataDir, path.join(dataDir, 'secrets')]) fs.chmodSync(f, 0o755);
    for (const f of [
      first.file,
      `${first.file}-wal`,
      `${first.file}-shm`,
      path.join(dataDir, 'secrets', 'jwt-secret'),
    ]) {
      if (fs.existsSync(f)) fs.chmodSync(f, 0o644);
    }
    const again = await startOn(dataDir);
    expectPrivate(dataDir, again.file);
    await Promise.all([first.handle.close(), again.handle.close()]);
  });
});
