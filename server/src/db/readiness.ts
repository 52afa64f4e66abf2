import { sql } from 'kysely';
import { isSqliteBusy } from './patient-sqlite.ts';
import type { DatabaseHandle } from './connect.ts';
import { isSchemaCurrent } from './migrate.ts';

const SQLITE_PROBE_WAIT_MS = 300;

/** Whether `work` settles (either way) within `ms`; it is left to finish when it does not. */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = work.then(
    () => true as const,
    () => true as const,
  );
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Why a database cannot serve the shop now, for readiness. */
export interface ReadinessProblem {
  code: string;
  message: string;
}

/** When each database's probe began meeting another process's write lock, without a write since. */
const lockedSince = new WeakMap<DatabaseHandle, number>();

/** Longer than any write of the shop holds the lock: a lock held this long is stuck. */
export const STUCK_LOCK_MS = 15_000;

/**
 * Whether the database serves the shop: it answers, every migration has run, and it takes a
 * write (a full disk or a read-only file or replica answers reads and refuses every order).
 * A write refused because another SQLite process holds the lock proves a writer is at work:
 * that database is busy, not broken.
 */
export async function databaseReadiness(
  handle: DatabaseHandle,
  now = new Date(),
  stuckLockMs = STUCK_LOCK_MS,
): Promise<ReadinessProblem | null> {
  const problem = await probeDatabase(handle, now);
  if (problem !== LOCKED) {
    lockedSince.delete(handle);
    return problem;
  }
  // Busy is not broken, for a while: a lock held longer (a crashed tool, a transaction left
  // open) means no write can succeed, and the process is not ready.
  const since = lockedSince.get(handle) ?? now.getTime();
  lockedSince.set(handle, since);
  if (now.getTime() - since < stuckLockMs) return null;
  return {
    code: 'DATABASE_LOCKED',
    message: `Another process has held the database's write lock for ${Math.round((now.getTime() - since) / 1000)} s.`,
  };
}

const LOCKED = Symbol('locked');

async function probeDatabase(handle: DatabaseHandle, now: Date): Promise<ReadinessProblem | null | typeof LOCKED> {
  try {
    await sql`select 1`.execute(handle.db);
    if (!(await isSchemaCurrent(handle))) {
      return { code: 'MIGRATIONS_PENDING', message: 'Database migrations are pending.' };
    }
  } catch {
    return { code: 'DATABASE_UNAVAILABLE', message: 'The database does not answer.' };
  }
  // SQLite whose shared memory cannot be written: no write is tried (see shared-memory.ts).
  const unwritable = handle.unwritable?.();
  if (unwritable) return { code: 'DATABASE_NOT_WRITABLE', message: `The database cannot be written: ${unwritable}.` };
  try {
    const probe = handle.db
      .insertInto('health_probe')
      .values({ id: 1, checked_at: now.toISOString() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ checked_at: now.toISOString() }))
      .execute();
    // On SQLite the write waits for another process's lock (up to SQLITE_LOCK_WAIT_MS): a
    // probe still waiting after a moment has met a writer at work, and readiness answers at
    // once, within any health checker's timeout. The probe ends on its own later.
    const waitedOut = handle.dialect === 'sqlite' ? await settlesWithin(probe, SQLITE_PROBE_WAIT_MS) : true;
    if (!waitedOut) return LOCKED;
    await probe;
  } catch (error) {
    if (isSqliteBusy(error)) return LOCKED;
    const detail = error instanceof Error ? ` (${error.message})` : '';
    return { code: 'DATABASE_NOT_WRITABLE', message: `The database does not take writes${detail}.` };
  }
  return null;
}
