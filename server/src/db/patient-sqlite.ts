import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';
import { StablePlanSqliteQueryCompiler } from './sqlite-query-compiler.ts';

/** SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, SQLITE_BUSY_RECOVERY…). */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SQLite whose lock waits never block the event loop. better-sqlite3 is synchronous: its
 * busy_timeout waits for another process's write lock inside the call, freezing every request
 * of this process (health checks, catalogue reads) for as long. Here the connection's
 * busy_timeout is 0, and a statement refused with SQLITE_BUSY is tried again after an
 * asynchronous pause, with the process's single connection handed back meanwhile so reads keep
 * flowing; after `lockWaitMs` the SQLITE_BUSY stands (answered 503).
 *
 * Transactions begin IMMEDIATE: the write lock is taken (or waited for) at the start, never
 * half-way through, where a deferred transaction that read first would be refused outright
 * (SQLITE_BUSY_SNAPSHOT) once another process had written meanwhile.
 */
export class PatientSqliteDialect extends SqliteDialect {
  readonly #lockWaitMs: number;

  constructor(config: SqliteDialectConfig, lockWaitMs: number) {
    super(config);
    this.#lockWaitMs = lockWaitMs;
  }

  override createDriver(): Driver {
    return new PatientDriver(super.createDriver(), this.#lockWaitMs);
  }

  override createQueryCompiler(): QueryCompiler {
    return new StablePlanSqliteQueryCompiler();
  }
}

class PatientDriver implements Driver {
  readonly #inner: Driver;
  readonly #lockWaitMs: number;
  #inTransaction = false;

  constructor(inner: Driver, lockWaitMs: number) {
    this.#inner = inner;
    this.#lockWaitMs = lockWaitMs;
  }

  init() {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.#inner.acquireConnection();
    return {
      executeQuery: <R>(query: CompiledQuery) =>
        // Inside a transaction the lock is already held: a refusal there is not waited out.
        this.#inTransaction
          ? connection.executeQuery<R>(query)
          : this.#patiently(connection, () => connection.executeQuery<R>(query)),
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await this.#patiently(connection, () => connection.executeQuery(CompiledQuery.raw('begin immediate')));
    this.#inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.#inTransaction = false;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.#inTransaction = false;
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } catch (error) {
      // SQLite rolls a transaction back by itself on some errors (a full disk, I/O): the
      // error that caused it is the one to answer (a 503), not this one's "no transaction".
      if (!/no transaction is active/.test((error as Error | null)?.message ?? '')) throw error;
    }
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }

  /**
   * Runs `attempt` until it is not refused for a lock, or until `lockWaitMs` have passed.
   * Between attempts the connection goes back to the process (the driver's mutex), so other
   * work waits for this one only while it actually runs.
   */
  async #patiently<R>(connection: DatabaseConnection, attempt: () => Promise<QueryResult<R>>): Promise<QueryResult<R>> {
    const giveUpAt = Date.now() + this.#lockWaitMs;
    for (let wait = 1; ; wait = Math.min(wait * 2, 25)) {
      try {
        return await attempt();
      } catch (error) {
        if (!isSqliteBusy(error) || Date.now() >= giveUpAt) throw error;
      }
      await this.#inner.releaseConnection(connection);
      try {
        await pause(Math.min(wait, Math.max(0, giveUpAt - Date.now())));
      } finally {
        await this.#inner.acquireConnection();
      }
    }
  }
}
