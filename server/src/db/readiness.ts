import { sql } from 'kysely';
import { isSqliteBusy } from './patient-sqlite.ts';
import type { DatabaseHandle } from './connect.ts';
import { isSchemaCurrent } from './migrate.ts';

/** Why a database cannot serve the shop now, for readiness. */
export interface ReadinessProblem {
  code: string;
  message: string;
}

/**
 * Whether the database serves the shop: it answers, every migration has run, and it takes a
 * write (a full disk or a read-only file or replica answers reads and refuses every order).
 * A write refused because another SQLite process holds the lock proves a writer is at work:
 * that database is busy, not broken.
 */
export async function databaseReadiness(handle: DatabaseHandle, now = new Date()): Promise<ReadinessProblem | null> {
  try {
    await sql`select 1`.execute(handle.db);
    if (!(await isSchemaCurrent(handle))) {
      return { code: 'MIGRATIONS_PENDING', message: 'Database migrations are pending.' };
    }
  } catch {
    return { code: 'DATABASE_UNAVAILABLE', message: 'The database does not answer.' };
  }
  try {
    await handle.db
      .insertInto('health_probe')
      .values({ id: 1, checked_at: now.toISOString() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ checked_at: now.toISOString() }))
      .execute();
  } catch (error) {
    if (isSqliteBusy(error)) return null;
    const detail = error instanceof Error ? ` (${error.message})` : '';
    return { code: 'DATABASE_NOT_WRITABLE', message: `The database does not take writes${detail}.` };
  }
  return null;
}
