import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * The open orders by client network (migration 030) served the count of what a network holds;
 * since migration 031 that count reads the orders' holds, and no statement reads this index any
 * more. Every order and every change of an order's status still wrote it.
 */
const open = sql<boolean>`status in ('pending', 'confirmed', 'shipped')`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_open_network_idx').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_open_network_idx').on('orders').column('client_network').where(open).execute();
}
