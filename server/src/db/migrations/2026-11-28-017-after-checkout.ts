import type { Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * After checkout (issue 25). A coupon reduces only the lines it applies to: the order keeps its discount line by line
 * (JSON, paise by line position), so its invoice shows the taxable value of each line and HSN
 * as the coupon gave it. Orders from before have none: their discount is shared by value.
 * A cash order may be confirmed (by the shopper's emailed link, or staff after a call), and the
 * owner may have unconfirmed ones held from shipping and cancelled after some hours.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('line_discounts', 'text').execute();
  // A cash order confirmed: when, and by whom ('email': the shopper's link; 'staff': after a call).
  await db.schema.alterTable('orders').addColumn('cod_confirmed_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('cod_confirmed_via', 'text').execute();
  // The owner's hours for a cash order to be confirmed before it is cancelled; null: off.
  await db.schema.alterTable('shop_settings').addColumn('cod_confirm_hours', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shop_settings').dropColumn('cod_confirm_hours').execute();
  await db.schema.alterTable('orders').dropColumn('cod_confirmed_via').execute();
  await db.schema.alterTable('orders').dropColumn('cod_confirmed_at').execute();
  await db.schema.alterTable('orders').dropColumn('line_discounts').execute();
}
