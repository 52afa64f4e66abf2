/**
 * SQLite keeps a WAL database's index in `<db>-shm`, a file every connection maps into memory
 * and writes to, readers too. When that file turns unwritable under a running process (the
 * immutable attribute, a file system remounted read-only or failing), the kernel answers the
 * next write to the mapping with SIGBUS, which ends the process; nothing in JavaScript can
 * catch it. So the shop asks, before each statement, whether the file can still be written
 * (an answer that it can is trusted for a millisecond, see WRITABLE_ANSWER_REUSE_MS),
 * and while it cannot, never touches the mapping: statements go to a second connection, read
 * only, that keeps the index in its own memory (locking mode EXCLUSIVE on the `unix-none` VFS,
 * which takes no locks and has no -shm). Writes there fail with SQLITE_READONLY (a 503), reads go
 * on, and the first statement after the file can be written again goes back to the connection
 * of old, whose mapping is then safe to write.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';
import { withStatementCache } from './statement-cache.ts';

// The read-only connection names its VFS in a URI file name (`file:…?vfs=unix-none`), which
// better-sqlite3 reads only when SQLITE_USE_URI=1 is set as its native part loads (the first
// connection of the process): set here, by the module that opens every connection of the shop.
process.env.SQLITE_USE_URI ??= '1';

/**
 * How long an answer that the shared-memory file can be written is trusted before the next
 * statement asks again. Asking costs an access(2) call, a few microseconds, and a request runs
 * ten statements or more: on the busiest writes (adding to a cart) the asking took a tenth of
 * the request thread's time. Trusted for a millisecond, the file's turning unwritable is seen
 * by the first statement a millisecond later at most, against the microseconds between a check
 * and its statement that were open before; an answer that it cannot be written is never reused.
 */
const WRITABLE_ANSWER_REUSE_MS = 1;

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

/**
 * Why the shared-memory file of the database `file` cannot be written now, or null when it can:
 * the -shm itself, or, while there is none, its folder (SQLite makes the -shm there). One
 * access(2) call while all is well: a few microseconds, asked before every statement.
 */
export function sharedMemoryProblem(file: string): string | null {
  const shm = `${file}-shm`;
  try {
    fs.accessSync(shm, fs.constants.W_OK);
    return null;
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') return `its shared-memory file ${shm} cannot be written (${errorCode(error)})`;
  }
  const folder = path.dirname(file);
  try {
    fs.accessSync(folder, fs.constants.W_OK);
    return null;
  } catch (error) {
    return `its folder ${folder} cannot be written (${errorCode(error)}), so SQLite cannot make ${path.basename(shm)}`;
  }
}

/** SQLITE_READONLY, which the shop answers with 503 like any database that refuses writes. */
class SharedMemoryReadOnlyError extends Error {
  readonly code = 'SQLITE_READONLY';
  constructor(problem: string) {
    super(`The database cannot be written: ${problem}.`);
    this.name = 'SqliteError';
  }
}

/** What a `rollback` answers when there is nothing it may do now. */
const nothingDone: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

// `pragma name = value`: a setting of the connection, made again on a connection opened later.
const setting = /^\s*pragma\s+(\w+)\s*=\s*[\w-]+\s*;?\s*$/i;

interface Connection {
  raw: SqliteDatabase.Database;
  statements: KyselySqliteDatabase;
}

const connect = (raw: SqliteDatabase.Database): Connection => ({ raw, statements: withStatementCache(raw) });

export interface GuardedSqlite extends KyselySqliteDatabase {
  /** Why the database cannot be written now (see sharedMemoryProblem), or null. */
  problem(): string | null;
}

/**
 * The database at `file` as Kysely sees it, kept away from its shared memory while that cannot
 * be written (see the top of this file). `configure` readies a new read-write connection (the
 * shop's pragmas); `onChange` hears each change between writable and not, with the reason.
 */
export function guardedSqlite(
  file: string,
  configure: (connection: SqliteDatabase.Database, first: boolean) => void,
  onChange: (problem: string | null) => void = () => {},
): GuardedSqlite {
  let primary: Connection | null = null;
  let fallback: Connection | null = null;
  // A transaction the primary connection was in when the file turned unwritable: it could be
  // neither finished nor rolled back then (both write to the mapping); it is rolled back first
  // thing once the file can be written.
  let abandoned = false;
  let lastProblem: string | null = null;
  const settings = new Map<string, string>();

  const note = (problem: string | null) => {
    if (problem === lastProblem) return;
    lastProblem = problem;
    onChange(problem);
  };

  const openPrimary = (first: boolean): Connection => {
    const raw = new SqliteDatabase(file);
    try {
      configure(raw, first);
      for (const statement of settings.values()) raw.prepare(statement).run();
    } catch (error) {
      raw.close();
      throw error;
    }
    return connect(raw);
  };

  /** Read only, never locking, the WAL's index in its own memory; or, with no WAL at all, immutable. */
  const openFallback = (): Connection => {
    const hasWal = fs.existsSync(`${file}-wal`);
    const url = `${pathToFileURL(file).href}?${hasWal ? 'vfs=unix-none&mode=ro' : 'immutable=1'}`;
    const raw = new SqliteDatabase(url, { readonly: true, fileMustExist: true });
    try {
      // Before the first read: the WAL's index is then built in this connection's memory.
      if (hasWal) raw.pragma('locking_mode = EXCLUSIVE');
      raw.pragma('foreign_keys = ON');
    } catch (error) {
      raw.close();
      throw error;
    }
    return connect(raw);
  };

  const closeFallback = () => {
    fallback?.statements.close();
    fallback = null;
  };

  const problemNow = () => {
    const problem = sharedMemoryProblem(file);
    note(problem);
    writableUntil = problem === null ? performance.now() + WRITABLE_ANSWER_REUSE_MS : 0;
    return problem;
  };
  // The statements of one busy moment share one check that the file can be written.
  let writableUntil = 0;
  const problemBeforeStatement = () => (performance.now() < writableUntil ? null : problemNow());

  if (problemNow() === null) primary = openPrimary(true);

  return {
    problem: problemNow,

    prepare(sql: string): SqliteStatement {
      const problem = problemBeforeStatement();
      const remember = setting.exec(sql);
      if (remember) settings.set(remember[1]!.toLowerCase(), sql);
      // A transaction begun on the read-only connection ends there (it can only have read).
      if (fallback?.raw.inTransaction) return fallback.statements.prepare(sql);
      if (problem === null) {
        primary ??= openPrimary(false);
        if (abandoned) {
          // Should this fail, the transaction stays owed and no statement joins it.
          if (primary.raw.inTransaction) primary.raw.prepare('rollback').run();
          abandoned = false;
        }
        closeFallback();
        return primary.statements.prepare(sql);
      }
      if (primary?.raw.inTransaction && !abandoned) {
        // The transaction in progress cannot go on; its rollback waits for the file.
        if (/^\s*rollback\b/i.test(sql)) {
          abandoned = true;
          return nothingDone;
        }
        throw new SharedMemoryReadOnlyError(problem);
      }
      fallback ??= openFallback();
      return fallback.statements.prepare(sql);
    },

    close() {
      closeFallback();
      // Closing checkpoints and writes to the mapping: while the file cannot be written the
      // connection is left as it is, for the process to end with.
      if (primary && sharedMemoryProblem(file) === null) primary.statements.close();
      primary = null;
    },
  };
}
