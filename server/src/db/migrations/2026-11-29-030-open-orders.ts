import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * The orders still open (pending, confirmed or shipped), by account and by client network:
 * what every order counts before it is placed (the shopper's open cash-on-delivery orders, and
 * what the account and its network hold in orders not paid or shipped). Through the whole-history
 * indexes those counts read every order the account or network ever placed, a cost that grew
 * with each delivered order; these hold the open ones only: a few per account (three cash
 * orders by default), and per network what its share of the stock allows.
 * Both databases use a partial index when the query repeats its condition word for word.
 */
const open = sql<boolean>`status in ('pending', 'confirmed', 'shipped')`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_open_user_idx').on('orders').column('user_id').where(open).execute();
  await db.schema.dropIndex('orders_client_network_idx').execute();
  await db.schema.createIndex('orders_open_network_idx').on('orders').column('client_network').where(open).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_open_network_idx').execute();
  await db.schema.createIndex('orders_client_network_idx').on('orders').columns(['client_network', 'status']).execute();
  await db.schema.dropIndex('orders_open_user_idx').execute();
}
