import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * What each order holds while it is not paid or shipped, one row per line: the variant, the
 * pieces, and the holders the holding limits bound (the account, the client address and its
 * network). Every order counts what its holders hold of its variants before it is placed;
 * through the orders, that count read every open order of the network, a carrier network's
 * thousandth order the 999 before it. Here it reads the holds of its own variants only, by its
 * account and by its network. A row lives from the order's placement until the order is paid,
 * shipped or cancelled (orders.repository.ts).
 *
 * The orders already holding are copied in. A line from before variants kept no colour: its
 * pieces came from the stock its product's first colour now holds, so it counts there.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_holds')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('client_address', 'text')
    .addColumn('client_network', 'text')
    .addPrimaryKeyConstraint('order_holds_pkey', ['order_id', 'position'])
    .execute();
  await db.schema
    .createIndex('order_holds_account_idx')
    .on('order_holds')
    .columns(['user_id', 'product_id', 'color', 'size'])
    .execute();
  await db.schema
    .createIndex('order_holds_network_idx')
    .on('order_holds')
    .columns(['client_network', 'product_id', 'color', 'size'])
    .execute();
  await sql`
    insert into order_holds
      (order_id, position, product_id, color, size, quantity, user_id, client_address, client_network)
    select i.order_id, i.position, i.product_id, coalesce(i.color, fc.color, ''), i.size, i.quantity,
      o.user_id, o.client_address, o.client_network
    from orders o
    join order_items i on i.order_id = o.id
    left join product_colors fc on fc.product_id = i.product_id and fc.position = 0
    where (o.payment_method = 'razorpay' and o.status = 'pending' and o.payment_status in ('awaiting_payment', 'failed'))
       or (o.payment_method = 'cod' and o.status in ('pending', 'confirmed'))
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_holds').execute();
}
