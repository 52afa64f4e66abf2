import path from 'node:path';
import {
  Kysely,
  SelectQueryNode,
  type KyselyPlugin,
  type LogEvent,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { ensurePrivateDir, ensurePrivateFile, tightenExisting } from '../lib/private-files.ts';
import { WriteCountingPostgresDialect } from './counted-writes.ts';
import { listen, type Listener } from './pg-listener.ts';
import { PatientSqliteDialect } from './patient-sqlite.ts';
import { guardedSqlite } from './shared-memory.ts';
import type { Database } from './schema.ts';

export type Dialect = DatabaseConfig['dialect'];

/** How long a write waits for another process's SQLite write lock before answering 503. */
export const DEFAULT_SQLITE_LOCK_WAIT_MS = 3000;

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /**
   * SQLite only: why the database cannot be written now (its shared-memory file or folder turned
   * read-only, see shared-memory.ts), or null. Reads go on meanwhile; writes answer 503.
   */
  unwritable?: () => string | null;
  /** PostgreSQL only: hear what other processes commit, and count this process's own writes. */
  notifications?: DatabaseNotifications;
}

export interface DatabaseNotifications {
  /** A connection of its own that LISTENs on `channels` (see pg-listener.ts). */
  listen(
    channels: string[],
    onNotify: (channel: string, payload: string) => void,
    onLost: (error: Error) => void,
    applicationName: string,
  ): Promise<Listener>;
  /**
   * How many writes this handle has committed so far to tables whose changes notify listeners
   * (see counted-writes.ts): a write elsewhere is not waited for.
   */
  writesCommitted(): number;
}

/**
 * The tables with triggers, which notify listeners of a change (migrations 008, 013, 014 and 016):
 * the catalogue's, stock, the catalogue's version, and messages. Rows of theirs deleted by a
 * cascade go with a parent in this list (products, categories), so that write is counted too.
 */
export const NOTIFYING_TABLES = [
  'categories',
  'products',
  'product_colors',
  'product_tags',
  'product_images',
  'product_variants',
  'catalog_state',
  'messages',
];

export interface OpenOptions {
  /** Called with every SQL statement run: tests use it to hold list endpoints to a query budget. */
  onQuery?: (sql: string) => void;
  /** Told about errors of idle pooled connections (PostgreSQL restarted, network cut). */
  onPoolError?: (error: Error) => void;
  /** SQLite: told when the database stops or starts again being writable (null), with the reason. */
  onWritableChange?: (problem: string | null) => void;
}

// COUNT(*) and SUM() come back from PostgreSQL as int8 text; every amount here fits a double.
const pgTypes = {
  getTypeParser: (oid: number, format?: string) =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number.parseInt(value, 10)
      : pg.types.getTypeParser(oid, format as 'text'),
};

/**
 * Row locks (`SELECT … FOR UPDATE`) are PostgreSQL's; SQLite has no such clause and needs none:
 * every transaction begins IMMEDIATE (patient-sqlite.ts), holding the file's one write lock from
 * its first read, so transactions of every process run one at a time. Repositories write
 * `.forUpdate()` once for both; on SQLite it is left out.
 */
export const withoutRowLocks: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (!SelectQueryNode.is(node) || !node.endModifiers?.length) return node;
    return { ...node, endModifiers: node.endModifiers.filter((m) => m.modifier !== 'ForUpdate') };
  },
  transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
};

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): DatabaseHandle {
  const log = options.onQuery
    ? (event: LogEvent) => {
        if (event.level === 'query') options.onQuery?.(event.query.sql);
      }
    : undefined;

  if (config.dialect === 'sqlite') {
    ensurePrivateDir(path.dirname(config.file));
    // SQLite gives its -wal and -shm files the database file's own mode.
    ensurePrivateFile(config.file);
    tightenExisting([`${config.file}-wal`, `${config.file}-shm`]);
    const sqlite = guardedSqlite(
      config.file,
      (connection, first) => {
        // WAL lets readers and one writer work at once, also across processes on one file.
        // The first opening may wait for another process (it is not serving yet); from then
        // on the connection never waits inside a call, which would freeze the event loop: the
        // dialect waits for locks between calls instead (see patient-sqlite.ts).
        if (first) connection.pragma('busy_timeout = 5000');
        connection.pragma('journal_mode = WAL');
        connection.pragma('synchronous = NORMAL');
        connection.pragma('foreign_keys = ON');
        connection.pragma('busy_timeout = 0');
      },
      options.onWritableChange,
    );
    const dialect = new PatientSqliteDialect({ database: sqlite }, config.lockWaitMs ?? DEFAULT_SQLITE_LOCK_WAIT_MS);
    const db = new Kysely<Database>({ dialect, log, plugins: [withoutRowLocks] });
    return { db, dialect: 'sqlite', close: () => db.destroy(), unwritable: () => sqlite.problem() };
  }

  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.poolSize,
    types: pgTypes,
    // Fail a request fast while the database is away instead of queueing it for ever.
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    ...(config.schema && { options: `-c search_path=${config.schema}` }),
  });
  // A connection whose server went away (a restart, the network) reports an 'error' event:
  // idle ones through the pool, ones in use on the client itself. Without listeners either
  // would crash the process. The query in flight fails (a 503), the pool drops the client and
  // connects anew when asked.
  const reportLost = (error: Error) => options.onPoolError?.(error);
  pool.on('error', reportLost);
  pool.on('connect', (client) => client.on('error', reportLost));
  let writesCommitted = 0;
  const dialect = new WriteCountingPostgresDialect({ pool }, () => (writesCommitted += 1), NOTIFYING_TABLES);
  const db = new Kysely<Database>({ dialect, log });
  return {
    db,
    dialect: 'postgres',
    close: () => db.destroy(),
    notifications: {
      listen: (channels, onNotify, onLost, applicationName) =>
        listen(
          { connectionString: config.url, searchPath: config.schema, channels, applicationName },
          onNotify,
          onLost,
        ),
      writesCommitted: () => writesCommitted,
    },
  };
}
