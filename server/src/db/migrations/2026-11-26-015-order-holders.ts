import type { Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * Where an order was placed from: the client's address (an IPv4 address, or an IPv6 /64) and
 * its network (an IPv4 /24, an IPv6 /48), so what one address or network holds in orders not
 * paid or shipped yet is a query. Orders from before are known by their account only.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('client_address', 'text').execute();
  await db.schema.alterTable('orders').addColumn('client_network', 'text').execute();
  await db.schema.createIndex('orders_client_network_idx').on('orders').columns(['client_network', 'status']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_client_network_idx').execute();
  await db.schema.alterTable('orders').dropColumn('client_network').execute();
  await db.schema.alterTable('orders').dropColumn('client_address').execute();
}
