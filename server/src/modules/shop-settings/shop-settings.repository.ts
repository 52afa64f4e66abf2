import type { Kysely, Transaction } from 'kysely';
import { queryTemplate } from '../../db/query-template.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

const settings = queryTemplate(['id'], (db, slot) =>
  db.selectFrom('shop_settings').selectAll().where('id', '=', slot.id),
);

/** The owner's settings (one row), read by every cart and order. */
export async function findSettings(db: Db) {
  return (await settings(db, { id: 1 })).rows[0];
}

export async function saveSettings(
  db: Db,
  settings: {
    freeShippingThreshold: number | null;
    codMaxOrderValue: number;
    codMaxOpenOrders: number;
    lowStockThreshold: number;
    codConfirmHours: number | null;
    returnWindowDays: number;
    allowSizeExchanges: boolean;
    pricesIncludeGst: boolean;
  },
  now: string,
) {
  const values = {
    free_shipping_threshold: settings.freeShippingThreshold,
    cod_max_order_value: settings.codMaxOrderValue,
    cod_max_open_orders: settings.codMaxOpenOrders,
    low_stock_threshold: settings.lowStockThreshold,
    cod_confirm_hours: settings.codConfirmHours,
    return_window_days: settings.returnWindowDays,
    allow_size_exchanges: settings.allowSizeExchanges ? 1 : 0,
    prices_include_gst: settings.pricesIncludeGst ? 1 : 0,
    updated_at: now,
  };
  await db
    .insertInto('shop_settings')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}
