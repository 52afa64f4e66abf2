import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/errors.ts';
import { prepareDatabase } from '../startup.ts';
import { openDatabase, type DatabaseHandle } from './connect.ts';
import { sharedMemoryProblem } from './shared-memory.ts';
import { immutableFilesWork } from '../test/files.ts';

describe.runIf(immutableFilesWork())('a SQLite database whose shared memory cannot be written', () => {
  const immutable: string[] = [];
  const handles: DatabaseHandle[] = [];
  const folders: string[] = [];
  const setImmutable = (file: string, on: boolean) => {
    execFileSync('chattr', [on ? '+i' : '-i', file]);
    if (on) immutable.push(file);
    else immutable.splice(immutable.indexOf(file), 1);
  };
  afterEach(async () => {
    for (const file of immutable.splice(0)) execFileSync('chattr', ['-i', file]);
    for (const handle of handles.splice(0)) await handle.close();
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });

  const newFolder = () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shm-unit-'));
    folders.push(folder);
    return folder;
  };

  it.each([
    ['a -shm that can be written', 'writable', null],
    ['no -shm yet, in a folder that can be written', 'none', null],
    ['an immutable -shm', 'immutable', /shared-memory file .*shop\.db-shm cannot be written \(EPERM\)/],
    [
      'no -shm, in an immutable folder',
      'folder',
      /folder .* cannot be written \(EPERM\), so SQLite cannot make shop\.db-shm/,
    ],
  ] as const)('%s → %s', (_case, state, expected) => {
    const folder = newFolder();
    const file = path.join(folder, 'shop.db');
    fs.writeFileSync(file, '');
    if (state !== 'none' && state !== 'folder') fs.writeFileSync(`${file}-shm`, '');
    if (state === 'immutable') setImmutable(`${file}-shm`, true);
    if (state === 'folder') setImmutable(folder, true);
    const problem = sharedMemoryProblem(file);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it('a transaction it catches half-way writes nothing, reads go on meanwhile, and writes resume once it can be written', async () => {
    const file = path.join(newFolder(), 'shop.db');
    const handle = openDatabase({ dialect: 'sqlite', file });
    handles.push(handle);
    await prepareDatabase(handle, { database: { dialect: 'sqlite', file }, seed: false });
    const { db } = handle;
    const put = (key: string) => db.insertInto('app_meta').values({ key, value: 'x' }).execute();
    const keys = async () =>
      (await db.selectFrom('app_meta').select('key').where('key', 'like', 'probe.%').orderBy('key').execute()).map(
        (row) => row.key,
      );
    await put('probe.before');
    const shm = `${file}-shm`;

    const refused = await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('app_meta').values({ key: 'probe.first-half', value: 'x' }).execute();
        setImmutable(shm, true);
        // Its pages written out: the next write to the mapping would ask the file system (SIGBUS).
        execFileSync('sync', [shm]);
        await trx.insertInto('app_meta').values({ key: 'probe.second-half', value: 'x' }).execute();
      })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'SQLITE_READONLY' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(handle.unwritable?.()).toMatch(/shop\.db-shm cannot be written/);

    for (let round = 0; round < 3; round++) {
      execFileSync('sync', [shm]);
      expect(await keys()).toEqual(['probe.before']);
      const write = await put(`probe.refused.${round}`).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(write), String(write)).toBe(true);
    }

    setImmutable(shm, false);
    expect(handle.unwritable?.()).toBeNull();
    await put('probe.after');
    expect(await keys()).toEqual(['probe.after', 'probe.before']);
    const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    expect(rows).toEqual([{ integrity_check: 'ok' }]);
  });
});
