import {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  PostgresDialect,
  RawNode,
  SelectQueryNode,
  TableNode,
  UpdateQueryNode,
  type OperationNode,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Driver,
  type Kysely,
  type PostgresDialectConfig,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';
import { CurrentSchemaIntrospector } from './current-schema-introspector.ts';

/** The name of a table written to, when `node` is a plain table (aliased or not). */
function tableName(node: OperationNode | undefined): string | null {
  const table = node && AliasNode.is(node) ? node.node : node;
  return table && TableNode.is(table) ? table.table.identifier.name : null;
}

/** The tables an INSERT, UPDATE or DELETE writes to, or null when that cannot be told. */
function writtenTables(node: OperationNode): (string | null)[] | null {
  if (InsertQueryNode.is(node) && !node.with) return [tableName(node.into)];
  if (UpdateQueryNode.is(node) && !node.with) return [tableName(node.table)];
  if (DeleteQueryNode.is(node) && !node.with) return node.from.froms.map(tableName);
  return null;
}

/**
 * Whether a statement may change rows of `watched`: anything but a SELECT without a WITH clause
 * (raw SQL counts unless it begins with SELECT), except a plain INSERT, UPDATE or DELETE of
 * other tables. What cannot be told counts.
 */
function mayWrite(query: CompiledQuery, watched: ReadonlySet<string> | null): boolean {
  if (SelectQueryNode.is(query.query)) return Boolean(query.query.with);
  if (RawNode.is(query.query)) return !/^\s*select\b/i.test(query.sql);
  const tables = writtenTables(query.query);
  if (!tables || !watched) return true;
  return tables.some((table) => table === null || watched.has(table));
}

/**
 * PostgreSQL that tells `onCommit` each time a write of this process is committed: a
 * transaction that wrote, once its COMMIT returned, or a write run outside a transaction.
 * Readers that keep what other processes change up to date by notifications (which arrive a
 * moment after the commit) use it to know when this process's own writes must be waited for.
 * Given `watched`, only writes that may change those tables count: a write elsewhere (a cart
 * line, say) notifies nobody, so nobody need wait for it. Being the shop's one PostgreSQL
 * dialect, it also gives the migrator its introspector of the connection's own schema.
 */
export class WriteCountingPostgresDialect extends PostgresDialect {
  readonly #onCommit: () => void;
  readonly #watched: ReadonlySet<string> | null;

  constructor(config: PostgresDialectConfig, onCommit: () => void, watched?: Iterable<string>) {
    super(config);
    this.#onCommit = onCommit;
    this.#watched = watched ? new Set(watched) : null;
  }

  override createDriver(): Driver {
    return new WriteCountingDriver(super.createDriver(), this.#onCommit, this.#watched);
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
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
  readonly #watched: ReadonlySet<string> | null;

  constructor(inner: Driver, onCommit: () => void, watched: ReadonlySet<string> | null) {
    this.#inner = inner;
    this.#onCommit = onCommit;
    this.#watched = watched;
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
        if (mayWrite(query, this.#watched)) {
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
