import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  SHOP_DAY_STARTS_AT_UTC,
  awaitedPaymentStatuses,
  defaultStoreSettings,
  stockHoldingStatuses,
  unshippedCodStatuses,
  type VariantKey,
} from '@shop/core';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, OrderHoldTable, OrderItemTable, OrderTable } from '../../db/schema.ts';
import { everyColumnOf, listQueryTemplate, queryTemplate, rowsQueryTemplate } from '../../db/query-template.ts';
import { newId } from '../../lib/ids.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type OrderRow = Selectable<OrderTable>;
export type OrderItemRow = Selectable<OrderItemTable>;
type OrderHoldRow = Selectable<OrderHoldTable>;
export type OrderEventRow = Awaited<ReturnType<typeof findEvents>>[number];

const orderColumns = everyColumnOf<OrderRow>()([
  'id',
  'order_number',
  'user_id',
  'status',
  'payment_method',
  'payment_status',
  'subtotal',
  'discount',
  'shipping',
  'gst',
  'total',
  'coupon_id',
  'coupon_code',
  'coupon_label',
  'shipping_address',
  'billing_address',
  'notes',
  'idempotency_key',
  'shipping_gst_rate',
  'client_address',
  'client_network',
  'line_discounts',
  'cod_confirmed_at',
  'cod_confirmed_via',
  'prices_include_gst',
  'created_at',
  'updated_at',
]);

// The order's statements are built once (query-template.ts): an order runs twenty of them.
const orderInsert = queryTemplate(orderColumns, (db, slot) =>
  db
    .insertInto('orders')
    .values(slot)
    .onConflict((oc) => oc.column('order_number').doNothing()),
);

/** Inserts the order, every column given; false when its order number is taken (and nothing was inserted). */
export async function insertOrder(trx: Transaction<Database>, order: OrderRow): Promise<boolean> {
  const inserted = await orderInsert(trx, order);
  return Number(inserted.numAffectedRows ?? 0) === 1;
}

// Built once per number of lines, as an order's other statements (a cart holds a few lines).
const itemsInsert = rowsQueryTemplate(
  everyColumnOf<OrderItemRow>()([
    'id',
    'order_id',
    'position',
    'product_id',
    'name',
    'image',
    'color',
    'sku',
    'size',
    'quantity',
    'price',
    'hsn',
    'gst_rate',
  ]),
  (db, rows) => db.insertInto('order_items').values(rows),
  defaultStoreSettings.maxCartLines,
);

export async function insertItems(trx: Transaction<Database>, items: readonly OrderItemRow[]) {
  if (items.length > 0) await itemsInsert(trx, items);
}

/**
 * Every column of a hold, as its two inserts write them. Their order matters to the second
 * (reconcileHolds' insert … select), whose select gives the values by position, in this order.
 */
const holdColumns = everyColumnOf<OrderHoldRow>()([
  'order_id',
  'position',
  'product_id',
  'color',
  'size',
  'quantity',
  'user_id',
  'client_address',
  'client_network',
]);

const holdsInsert = rowsQueryTemplate(
  holdColumns,
  (db, rows) => db.insertInto('order_holds').values(rows),
  defaultStoreSettings.maxCartLines,
);

/** A new order's lines hold their pieces (it is neither paid nor shipped): see heldPieces. */
export async function insertHolds(trx: Transaction<Database>, order: OrderRow, items: readonly OrderItemRow[]) {
  if (items.length === 0) return;
  const holds: OrderHoldRow[] = items.map((item) => ({
    order_id: order.id,
    position: item.position,
    product_id: item.product_id,
    color: item.color ?? '',
    size: item.size,
    quantity: item.quantity,
    user_id: order.user_id,
    client_address: order.client_address,
    client_network: order.client_network,
  }));
  await holdsInsert(trx, holds);
}

const literals = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

/**
 * Whether the order `o` holds its pieces unpaid or unshipped (core's holdsUnsettled), for the
 * statements that ask it; core's constants written in as literals.
 */
const holdsItsPieces = sql<boolean>`(
  (o.payment_method = 'razorpay' and o.status = 'pending' and o.payment_status in (${literals(awaitedPaymentStatuses)}))
  or (o.payment_method = 'cod' and o.status in (${literals(unshippedCodStatuses)}))
)`;

/**
 * The order's holds gone once it holds its pieces no longer: an online order paid, a cash
 * order shipped, any order cancelled. An order never holds again once it stopped (its status
 * only moves on; a payment, once made, stays made).
 */
async function releaseHoldsIfSettled(db: Db, orderId: string) {
  await db
    .deleteFrom('order_holds')
    .where('order_id', '=', orderId)
    .where(({ exists, not, selectFrom }) =>
      not(exists(selectFrom('orders as o').select('o.id').where('o.id', '=', orderId).where(holdsItsPieces))),
    )
    .execute();
}

/**
 * The holds made right again, once a minute by every process (server.ts): those of orders that
 * no longer hold go, and orders that hold without holds get theirs. Both happen only when an
 * order changed by other means than this module: a process of the previous release while both
 * run during an upgrade (it places orders without holds, and settles them without dropping
 * theirs), or a fix made by hand in the database. Reads the holds, and the orders that hold.
 */
export async function reconcileHolds(db: Kysely<Database>): Promise<{ dropped: number; added: number }> {
  return db.transaction().execute(async (trx) => {
    const dropped = await trx
      .deleteFrom('order_holds')
      .where('order_id', 'in', (eb) =>
        eb
          .selectFrom('order_holds as h')
          .innerJoin('orders as o', 'o.id', 'h.order_id')
          .select('h.order_id')
          .where(sql<boolean>`not ${holdsItsPieces}`),
      )
      .executeTakeFirst();
    const added = await trx
      .insertInto('order_holds')
      // By position: the select below names its values in holdColumns' order.
      .columns(holdColumns)
      .expression((eb) =>
        eb
          .selectFrom('orders as o')
          .innerJoin('order_items as i', 'i.order_id', 'o.id')
          // A line from before variants: its pieces came from the product's first colour.
          .leftJoin('product_colors as fc', (join) =>
            join.onRef('fc.product_id', '=', 'i.product_id').on('fc.position', '=', 0),
          )
          .select([
            'i.order_id',
            'i.position',
            'i.product_id',
            sql<string>`coalesce(i.color, fc.color, '')`.as('color'),
            'i.size',
            'i.quantity',
            'o.user_id',
            'o.client_address',
            'o.client_network',
          ])
          .where(holdsItsPieces)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('order_holds as h').select('h.order_id').whereRef('h.order_id', '=', 'o.id'))),
          ),
      )
      // Two processes making them right at once write each hold once.
      .onConflict((oc) => oc.columns(['order_id', 'position']).doNothing())
      .executeTakeFirst();
    return { dropped: Number(dropped.numDeletedRows), added: Number(added.numInsertedOrUpdatedRows ?? 0) };
  });
}

const eventInsert = queryTemplate(['id', 'orderId', 'status', 'note', 'actorId', 'now'], (db, slot) =>
  db.insertInto('order_events').values({
    id: slot.id,
    order_id: slot.orderId,
    status: slot.status,
    note: slot.note,
    actor_id: slot.actorId,
    created_at: slot.now,
  }),
);

export async function recordEvent(
  db: Db,
  event: { orderId: string; status: string; note: string | null; actorId: string | null; now: string },
) {
  await eventInsert(db, {
    id: newId(),
    orderId: event.orderId,
    status: event.status,
    note: event.note,
    actorId: event.actorId,
    now: event.now,
  });
}

/**
 * One order. With `lock`, inside a transaction, the row stays locked until the transaction
 * ends (PostgreSQL's `FOR UPDATE`; SQLite runs one writer at a time): every change of an
 * order's status or payment state reads the order this way first and decides from what it
 * read, so a cancellation and a payment arriving together are decided one after the other.
 */
export function findOrder(db: Db, id: string, { lock = false }: { lock?: boolean } = {}) {
  const query = db.selectFrom('orders').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function findOrderByIdempotencyKey(db: Db, userId: string, key: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findOrdersOf(db: Db, userId: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Lines and status history of many orders in two queries. */
export async function findItems(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .execute();
}

export async function findEvents(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_events')
    .select(['order_id', 'status', 'note', 'created_at'])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Moves an order from one status to another only if it is still in the first: the loser
 * of two racing changes (a shopper's cancel and the unpaid-order sweep, say) changes nothing.
 */
export async function moveStatus(
  trx: Transaction<Database>,
  id: string,
  from: OrderTable['status'],
  to: OrderTable['status'],
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await releaseHoldsIfSettled(trx, id);
  return true;
}

export async function setPaymentStatus(
  trx: Transaction<Database>,
  id: string,
  status: OrderTable['payment_status'],
  now: string,
) {
  await trx.updateTable('orders').set({ payment_status: status, updated_at: now }).where('id', '=', id).execute();
  await releaseHoldsIfSettled(trx, id);
}

/** The row of one variant's stock. */
const variantRow = (trx: Transaction<Database>, productId: string, { color, size }: VariantKey) =>
  trx
    .updateTable('product_variants')
    .where('product_id', '=', productId)
    .where('color', '=', color)
    .where('size', '=', size);

// Built once (query-template.ts): every line of every order runs it.
const stockTaken = queryTemplate(['productId', 'color', 'size', 'quantity'], (db, slot) =>
  db
    .updateTable('product_variants')
    .where('product_id', '=', slot.productId)
    .where('color', '=', slot.color)
    .where('size', '=', slot.size)
    .set((eb) => ({ stock: eb('stock', '-', slot.quantity) }))
    .where('stock', '>=', slot.quantity)
    .returning((eb) => [
      'stock',
      'sku',
      eb
        .selectFrom('products as p')
        .select(
          sql<number>`coalesce(p.low_stock_threshold, (select s.low_stock_threshold from shop_settings s where s.id = 1), ${DEFAULT_LOW_STOCK_THRESHOLD})`.as(
            'threshold',
          ),
        )
        .whereRef('p.id', '=', 'product_variants.product_id')
        .as('threshold'),
    ]),
);

/**
 * Takes `quantity` of a variant out of stock if that many are there, answering the stock left
 * (null when short: nothing taken); never below zero, on either database, however many orders
 * race for the last pieces. With it, the variant's SKU and low-stock threshold (its product's,
 * else the shop's), read in the same statement.
 */
export async function takeStock(
  trx: Transaction<Database>,
  productId: string,
  variant: VariantKey,
  quantity: number,
): Promise<{ stock: number; sku: string; threshold: number } | null> {
  const [row] = (await stockTaken(trx, { productId, color: variant.color, size: variant.size, quantity })).rows;
  return row
    ? { stock: row.stock, sku: row.sku, threshold: Number(row.threshold ?? DEFAULT_LOW_STOCK_THRESHOLD) }
    : null;
}

/** Gives `quantity` of a variant back to stock; answers the stock now (null for a variant that is gone). */
export async function returnStock(
  trx: Transaction<Database>,
  productId: string,
  variant: VariantKey,
  quantity: number,
): Promise<number | null> {
  const row = await variantRow(trx, productId, variant)
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .returning('stock')
    .executeTakeFirst();
  return row ? row.stock : null;
}

/** Locks a variant's stock row until the transaction ends, as taking or returning stock does; answers its stock. */
export async function lockStock(
  trx: Transaction<Database>,
  productId: string,
  { color, size }: VariantKey,
): Promise<number | null> {
  const row = await trx
    .selectFrom('product_variants')
    .select('stock')
    .where('product_id', '=', productId)
    .where('color', '=', color)
    .where('size', '=', size)
    .forUpdate()
    .executeTakeFirst();
  return row ? row.stock : null;
}

export function stockOf(trx: Transaction<Database>, productId: string, { color, size }: VariantKey) {
  return trx
    .selectFrom('product_variants')
    .select('stock')
    .where('product_id', '=', productId)
    .where('color', '=', color)
    .where('size', '=', size)
    .executeTakeFirst();
}

/** The first colour of each of the given products ('' for one without named colours). */
export async function firstColorsOf(trx: Transaction<Database>, productIds: string[]): Promise<Map<string, string>> {
  const first = new Map<string, string>();
  if (productIds.length === 0) return first;
  const rows = await trx
    .selectFrom('product_colors')
    .select(['product_id', 'color'])
    .where('product_id', 'in', [...new Set(productIds)])
    .where('position', '=', 0)
    .execute();
  for (const r of rows) first.set(r.product_id, r.color);
  return first;
}

/**
 * An order still open (pending, confirmed or shipped), its statuses written into the SQL: the
 * index of open orders by account (migration 030) serves only a query whose condition is its
 * own word for word, which a bound parameter is not. Counting through it reads the few orders
 * open, not every order the account ever placed.
 */
function isOpen(status: 'status' | 'o.status') {
  return sql<boolean>`${sql.ref(status)} in (${literals(stockHoldingStatuses)})`;
}

/** The shopper's cash-on-delivery orders not yet delivered or cancelled. */
const openCodOrderCount = queryTemplate(['userId'], (db, slot) =>
  db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', slot.userId)
    .where('payment_method', '=', 'cod')
    .where(isOpen('status')),
);

export async function countOpenCodOrders(db: Db, userId: string): Promise<number> {
  const { rows } = await openCodOrderCount(db, { userId });
  return Number(rows[0]?.n ?? 0);
}

/** The shopper's online orders waiting for their payment (at most one, unless left from before that rule). */
export function findUnpaidOnlineOrdersOf(db: Db, userId: string) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('payment_method', '=', 'razorpay')
    .where('status', '=', 'pending')
    .where('payment_status', 'in', [...awaitedPaymentStatuses])
    .orderBy('id')
    .execute();
}

/** Online orders still unpaid and pending since before `cutoff`. */
export function findUnpaidBefore(db: Db, cutoff: string, { after }: { after?: string } = {}) {
  let query = db
    .selectFrom('orders')
    .select('id')
    .where('payment_method', '=', 'razorpay')
    .where('status', '=', 'pending')
    .where('payment_status', 'in', [...awaitedPaymentStatuses])
    .where('created_at', '<', cutoff);
  if (after) query = query.where('created_at', '>=', after);
  return query.execute();
}

/**
 * The money an order has brought in (paise), refunded since or not: cash on delivery once
 * delivered (the cash is collected at the door); an online order's captured payments. Unpaid,
 * failed and cancelled unpaid orders bring in nothing. Stray second captures are not the
 * order's money: they are refunded by rule (`stray_payments`).
 */
const moneyTaken = sql<number>`case
  when orders.payment_method = 'cod' then case when orders.status = 'delivered' then orders.total else 0 end
  else coalesce((select sum(payments.amount) from payments
                 where payments.order_id = orders.id and payments.status in ('paid', 'refunded')), 0)
end`;

/**
 * Every refund recorded on an order (paise): a whole payment given back and marked `refunded`
 * (a cancellation, a parcel returned to origin, staff's refund), and the refunds of returned
 * items, which leave the payment `paid` (read only: the returns module writes them). A refund
 * of another kind must be added here for the dashboard to net it out.
 */
const moneyRefunded = sql<number>`coalesce((select sum(payments.amount) from payments
  where payments.order_id = orders.id and payments.status = 'refunded'), 0)
  + coalesce((select sum(returns.refund_amount) from returns
  where returns.order_id = orders.id and returns.refunded_at is not null), 0)`;

/** The order's parcel went back to the shop, or is on its way back (read only: the shipments module writes it). */
const returnedToOrigin = sql<number>`case when exists (select 1 from shipments
  where shipments.order_id = orders.id and shipments.status in ('rto_in_transit', 'rto_delivered')) then 1 else 0 end`;

/**
 * Orders and their money (taken, refunded) placed from `since`, by status, by whether their
 * parcel was returned to origin, and by the UTC date of `created_at` split at the UTC time a
 * shop day begins (`fromDayStart`: placed at or after it). Both halves of a UTC date belong to
 * one shop day each (`shopDayOfUtcDate`), so the service can add them up by shop day; comparing
 * the ISO text keeps the query the same on SQLite and PostgreSQL.
 */
export function statsByDayAndStatus(db: Db, since: string) {
  const utcDate = sql<string>`substr(created_at, 1, 10)`;
  const fromDayStart = sql<number>`case when substr(created_at, 12, 5) >= ${sql.lit(SHOP_DAY_STARTS_AT_UTC)} then 1 else 0 end`;
  return db
    .selectFrom('orders')
    .select((eb) => [
      utcDate.as('utc_date'),
      fromDayStart.as('from_day_start'),
      'status',
      returnedToOrigin.as('returned_to_origin'),
      eb.fn.countAll<number>().as('orders'),
      eb.fn.sum<number>(moneyTaken).as('taken'),
      eb.fn.sum<number>(moneyRefunded).as('refunded'),
    ])
    .where('created_at', '>=', since)
    .groupBy([utcDate, fromDayStart, 'status', returnedToOrigin])
    .execute();
}

/** One variant of one product. */
interface SizeKey {
  productId: string;
  color: string;
  size: string;
}

/** Who holds stock in orders: an account, and the client address and network orders came from. */
export interface Holder {
  userId: string;
  address: string | null;
  network: string | null;
}

/**
 * What the holds of some variants (three values each: product, colour, size) count for an
 * account, an address and a network. One term per variant and holder, each the whole key of an
 * index. An address or network left unknown (null) matches no hold: it counts 0. Each hold's
 * order is read too, by its key, and a hold counts only while its order still holds its pieces:
 * a status changed by other means than this module (a process of an earlier release while both
 * run, a hand-made fix in the database) leaves a hold that no longer counts.
 */
const holdsOfVariants = listQueryTemplate(
  ['userId', 'address', 'network'],
  (db, slot, keys) =>
    db
      .selectFrom('order_holds as h')
      .select((eb) => {
        const piecesWhen = (held: ReturnType<typeof eb>) =>
          eb.fn.sum<number | string>(eb.case().when(held).then(eb.ref('h.quantity')).else(0).end());
        return [
          'h.product_id',
          'h.color',
          'h.size',
          piecesWhen(eb('h.user_id', '=', slot.userId)).as('account'),
          piecesWhen(eb('h.client_address', '=', slot.address)).as('address'),
          piecesWhen(eb('h.client_network', '=', slot.network)).as('network'),
        ];
      })
      .where((eb) =>
        eb.or(
          Array.from({ length: keys.length / 3 }, (_, i) => {
            const variant = [
              eb('h.product_id', '=', keys[3 * i]!),
              eb('h.color', '=', keys[3 * i + 1]!),
              eb('h.size', '=', keys[3 * i + 2]!),
            ];
            return [
              eb.and([eb('h.user_id', '=', slot.userId), ...variant]),
              eb.and([eb('h.client_network', '=', slot.network), ...variant]),
            ];
          }).flat(),
        ),
      )
      // Asked of each hold found, by its order's key: a subquery rather than a join, so that no
      // database reads the open orders first (PostgreSQL, on small tables, would).
      .where(sql<boolean>`(select ${holdsItsPieces} from orders o where o.id = h.order_id)`)
      .groupBy(['h.product_id', 'h.color', 'h.size']),
  // Three values a line, for every line a cart may have.
  3 * defaultStoreSettings.maxCartLines,
);

/**
 * Pieces of each variant held by the holder's orders not paid or shipped (their rows in
 * `order_holds`). Each row counts the account's, the address's and the network's apart (an
 * order of the account's from another network counts for the account only). Read through the
 * holds of these variants by this account and by this network, each through its own index: the
 * account's holds of a variant are what its limit lets it keep, the network's what the network's
 * does (half a variant's stock by default), however many other orders the network has open.
 */
export async function heldPieces(trx: Transaction<Database>, holder: Holder, sizes: readonly SizeKey[]) {
  if (sizes.length === 0) return [];
  const { rows } = await holdsOfVariants(
    trx,
    { userId: holder.userId, address: holder.address, network: holder.network },
    sizes.flatMap((s) => [s.productId, s.color, s.size]),
  );
  return rows.map((r) => ({
    productId: r.product_id,
    color: r.color,
    size: r.size,
    account: Number(r.account ?? 0),
    address: Number(r.address ?? 0),
    network: Number(r.network ?? 0),
  }));
}
