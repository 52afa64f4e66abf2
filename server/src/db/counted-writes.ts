import {
  PostgresDialect,
  SelectQueryNode,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';

/** A statement that may change rows: anything but a SELECT (raw SQL counts unless it begins with one). */
function mayWrite(query: CompiledQuery): boolean {
  if (SelectQueryNode.is(query.query)) return false;
  return !/^\s*select\b/i.test(query.sql);
}

/**
 * PostgreSQL that tells `onCommit` each time a write of this process is committed: a
 * transaction that wrote, once its COMMIT returned, or a write run outside a transaction.
 * Readers that keep what other processes change up to date by notifications (which arrive a
 * moment after the commit) use it to know when this process's own writes must be waited for.
 */
export class WriteCountingPostgresDialect extends PostgresDialect {
  readonly #onCommit: () => void;

  constructor(config: PostgresDialectConfig, onCommit: () => void) {
    super(config);
    this.#onCommit = onCommit;
  }

  override createDriver(): Driver {
    return new WriteCountingDriver(super.createDriver(), this.#onCommit);
  }
}

interface CountedConnection extends DatabaseConnection {
  inner: DatabaseConnection;
  inTransaction: boolean;
  wrote: boolean;
}

class WriteCountingDriver implements Driver {
  readonly #inner: Driver;
  readonly #onCommit: () => void;

  constructor(inner: Driver, onCommit: () => void) {
    this.#inner = inner;
    this.#onCommit = onCommit;
  }

  init() {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.#inner.acquireConnection();
    const connection: CountedConnection = {
      inner,
      inTransaction: false,
      wrote: false,
      executeQuery: async <R>(query: CompiledQuery) => {
        const result = await inner.executeQuery<R>(query);
        if (mayWrite(query)) {
          if (connection.inTransaction) connection.wrote = true;
          else this.#onCommit();
        }
        return result;
      },
      streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
    };
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const counted = connection as CountedConnection;
    await this.#inner.beginTransaction(counted.inner, settings);
    counted.inTransaction = true;
    counted.wrote = false;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const counted = connection as CountedConnection;
    counted.inTransaction = false;
    try {
      await this.#inner.commitTransaction(counted.inner);
    } finally {
      // A COMMIT whose answer was lost may have committed all the same: counted either way.
      if (counted.wrote) this.#onCommit();
      counted.wrote = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const counted = connection as CountedConnection;
    counted.inTransaction = false;
    counted.wrote = false;
    await this.#inner.rollbackTransaction(counted.inner);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.savepoint?.((connection as CountedConnection).inner, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.rollbackToSavepoint?.((connection as CountedConnection).inner, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.releaseSavepoint?.((connection as CountedConnection).inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection((connection as CountedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}
