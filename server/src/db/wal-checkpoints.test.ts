import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerEntry } from '../test/worker-entry.ts';
import { openDatabase, type DatabaseHandle } from './connect.ts';
import { checkpointInBackground, FALLBACK_AUTOCHECKPOINT_PAGES, WAL_SIZE_LIMIT_BYTES } from './wal-checkpoints.ts';

const PAGE = 4096;

describe('WAL checkpoints made by a thread of their own', () => {
  let dir: string;
  let file: string;
  let database: DatabaseHandle;
  const warnings: string[] = [];
  const log = { warn: (_: object, message: string) => warnings.push(message) };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-checkpoints-'));
    file = path.join(dir, 'shop.db');
    database = openDatabase({ dialect: 'sqlite', file });
    await sql`create table pieces (body blob not null)`.execute(database.db);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const walBytes = () => fs.statSync(`${file}-wal`).size;
  /** Commits `count` rows of about a page each, one transaction per row, as requests would. */
  async function writePages(count: number) {
    for (let i = 0; i < count; i++) {
      await sql`insert into pieces (body) values (${Buffer.alloc(PAGE - 200, i % 251)})`.execute(database.db);
    }
  }

  it('the request thread no longer checkpoints at 1,000 pages; the thread copies the whole log back', async () => {
    const entry = await workerEntry(dir, 'checkpoint', `import './checkpoint-worker.ts';`);
    const checkpoints = await checkpointInBackground(database.db, file, entry, { log, everyMs: 3_600_000 });
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db);
      expect(rows[0]!.wal_autocheckpoint).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);
      const limit = await sql<{ journal_size_limit: number }>`pragma journal_size_limit`.execute(database.db);
      expect(limit.rows[0]!.journal_size_limit).toBe(WAL_SIZE_LIMIT_BYTES);

      await writePages(1100);
      // SQLite's own threshold (1,000 pages) would have checkpointed and started the log again.
      expect(walBytes()).toBeGreaterThan(1100 * PAGE);

      const result = await checkpoints.checkpoint();
      expect(result).toMatchObject({ busy: 0 });
      expect(result!.log).toBeGreaterThanOrEqual(1100);
      expect(result!.checkpointed).toBe(result!.log);

      // Everything was copied back: the next writes start the log from its beginning.
      const before = walBytes();
      await writePages(10);
      expect(walBytes()).toBe(before);
      expect((await checkpoints.checkpoint())!.log).toBeLessThan(50);
      expect(warnings).toEqual([]);
    } finally {
      await checkpoints.stop();
    }
  });

  it('a thread that cannot checkpoint is logged once, not at every attempt, and nothing fails', async () => {
    const broken = await workerEntry(dir, 'broken', `throw new Error('no checkpoints here');`);
    const checkpoints = await checkpointInBackground(database.db, file, broken, { log, everyMs: 3_600_000 });
    try {
      for (let i = 0; i < 4; i++) expect(await checkpoints.checkpoint()).toBeNull();
      expect(warnings).toEqual(['background WAL checkpoint failed']);
    } finally {
      await checkpoints.stop();
      warnings.length = 0;
    }
  });
});
