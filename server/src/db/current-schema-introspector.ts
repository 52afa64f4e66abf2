import { sql, type DatabaseIntrospector, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

interface ColumnRow {
  table: string;
  table_type: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  auto_incrementing: string | null;
}

const kyselyTables = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * What the migrator asks of PostgreSQL (which tables exist), limited to the connection's own
 * schema. Kysely's own introspector reads every schema of the database, by name: while another
 * shop's schema on the same server is dropped (a test suite's, a staging copy's) that read
 * fails with "schema … does not exist", and the migration with it.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.#db);
    return rows;
  }

  async getTables(options = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as table, c.relkind as table_type, a.attname as column,
             typ.typname as type, dtns.nspname as type_schema,
             a.attnotnull as not_null, a.atthasdef as has_default,
             pg_get_serial_sequence(quote_ident(current_schema()) || '.' || quote_ident(c.relname), a.attname)
               as auto_incrementing
      from pg_catalog.pg_class c
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace dtns on dtns.oid = typ.typnamespace
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      -- By name as stored: a cast to regnamespace would read it as SQL, folding its capitals.
      where ns.nspname = current_schema()
        and c.relkind in ('r', 'v', 'p')
        and a.attnum >= 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.#db);
    const [schema] = await this.getSchemas();
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && kyselyTables.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, isView: row.table_type === 'v', schema: schema?.name, columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing !== null,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: { withInternalKyselyTables: boolean }): Promise<{ tables: TableMetadata[] }> {
    return { tables: await this.getTables(options) };
  }
}
