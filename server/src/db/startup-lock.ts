import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { ensurePrivateFile } from '../lib/private-files.ts';
import type { DatabaseHandle } from './connect.ts';

// Any constant works; it only has to be the same in every process of this shop.
const POSTGRES_STARTUP_LOCK = 7_215_003;

/**
 * Runs `work` (migrations, seeding) while holding a lock that every other process starting
 * on the same database waits for, so two processes never migrate or seed at once.
 *
 * SQLite: an exclusive transaction on a small lock file beside the database. It cannot be
 * the database file itself, because the migrator writes through its own connection and
 * would wait on our lock forever. The operating system drops the lock if the process dies.
 * PostgreSQL: a session advisory lock held on one pooled connection.
 */
export async function withStartupLock<T>(
  handle: DatabaseHandle,
  sqliteFile: string | null,
  work: () => Promise<T>,
): Promise<T> {
  if (handle.dialect === 'sqlite') {
    if (!sqliteFile) return work();
    ensurePrivateFile(`${sqliteFile}.startup-lock`);
    const lock = new SqliteDatabase(`${sqliteFile}.startup-lock`);
    try {
      lock.pragma('busy_timeout = 120000');
      lock.exec('BEGIN EXCLUSIVE');
      try {
        return await work();
      } finally {
        lock.exec('COMMIT');
      }
    } finally {
      lock.close();
    }
  }
  return handle.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${POSTGRES_STARTUP_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${POSTGRES_STARTUP_LOCK})`.execute(connection);
    }
  });
}
