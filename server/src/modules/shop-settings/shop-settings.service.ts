import type { Kysely, Transaction } from 'kysely';
import {
  defaultShopSettings,
  defaultStoreSettings,
  formatPromiseAmount,
  returnPolicyText,
  storeTexts,
  type ShopSettings,
  type ShopSettingsData,
  type StoreInfo,
  type shopSettingsBody,
} from '@shop/core';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { categoryRatesInUse } from '../category-taxes/category-taxes.service.ts';
import { sellerPage } from '../invoices/seller-page.ts';
import * as repo from './shop-settings.repository.ts';

/**
 * The settings the owner changes from the staff area (free shipping, cash on delivery's
 * limits, whether prices include GST), one row: read by every cart and order, and what the
 * storefront says of shipping and tax.
 */

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Where the shop's settings and its delivery changes are recorded, under one entity, so the
 * Delivery page shows one history.
 */
export const shopHistory = { entityType: 'delivery', entityId: 'shop' } as const;

/** Records a change to the shop's settings or where it delivers, in the shop's one history. */
export const recordShopChange = (db: Db, actorId: string, action: string, summary: string, now: Date) =>
  recordAudit(db, { actorId, ...shopHistory, action, summary, now: now.toISOString() });

/** The owner's settings (paise); the defaults if the row is missing. */
export async function getShopSettings(db: Db): Promise<ShopSettings> {
  const row = await repo.findSettings(db);
  if (!row) return defaultShopSettings;
  return {
    freeShippingThreshold: row.free_shipping_threshold,
    codMaxOrderValue: row.cod_max_order_value,
    codMaxOpenOrders: row.cod_max_open_orders,
    lowStockThreshold: row.low_stock_threshold,
    codConfirmHours: row.cod_confirm_hours ?? null,
    returnWindowDays: row.return_window_days ?? defaultShopSettings.returnWindowDays,
    allowSizeExchanges: Boolean(row.allow_size_exchanges),
    pricesIncludeGst: Boolean(row.prices_include_gst),
  };
}

const settingsData = (s: ShopSettings): ShopSettingsData => ({
  freeShippingThreshold: s.freeShippingThreshold,
  codMaxOrderValue: s.codMaxOrderValue,
  codMaxOpenOrders: s.codMaxOpenOrders,
  lowStockThreshold: s.lowStockThreshold,
  codConfirmHours: s.codConfirmHours,
  returnWindowDays: s.returnWindowDays,
  allowSizeExchanges: s.allowSizeExchanges,
  pricesIncludeGst: s.pricesIncludeGst,
});

export async function shopSettingsForStaff(db: Kysely<Database>): Promise<ShopSettingsData> {
  return settingsData(await getShopSettings(db));
}

/** "₹999" or "none", as the history reads. */
const amountText = (paise: number | null) => (paise === null ? 'none' : formatPromiseAmount(paise));

/** One line of what changed, e.g. "Free shipping from: none → ₹999; open COD orders: 3 → 5". */
function settingsChangeSummary(before: ShopSettings, after: ShopSettings): string {
  const parts: string[] = [];
  if (before.freeShippingThreshold !== after.freeShippingThreshold) {
    parts.push(
      `Free shipping from: ${amountText(before.freeShippingThreshold)} → ${amountText(after.freeShippingThreshold)}`,
    );
  }
  if (before.codMaxOrderValue !== after.codMaxOrderValue) {
    parts.push(`COD up to: ${amountText(before.codMaxOrderValue)} → ${amountText(after.codMaxOrderValue)}`);
  }
  if (before.codMaxOpenOrders !== after.codMaxOpenOrders) {
    parts.push(`Open COD orders per shopper: ${before.codMaxOpenOrders} → ${after.codMaxOpenOrders}`);
  }
  if (before.lowStockThreshold !== after.lowStockThreshold) {
    parts.push(`Low stock at: ${before.lowStockThreshold} → ${after.lowStockThreshold} pieces`);
  }
  if (before.codConfirmHours !== after.codConfirmHours) {
    const hours = (h: number | null) => (h === null ? 'off' : `${h} h`);
    parts.push(
      `Unconfirmed COD orders cancelled after: ${hours(before.codConfirmHours)} → ${hours(after.codConfirmHours)}`,
    );
  }
  if (before.returnWindowDays !== after.returnWindowDays) {
    parts.push(`Return window: ${before.returnWindowDays} → ${after.returnWindowDays} days`);
  }
  if (before.allowSizeExchanges !== after.allowSizeExchanges) {
    parts.push(`Size exchanges: ${after.allowSizeExchanges ? 'off → on' : 'on → off'}`);
  }
  if (before.pricesIncludeGst !== after.pricesIncludeGst) {
    parts.push(`Prices include GST: ${after.pricesIncludeGst ? 'off → on' : 'on → off'}`);
  }
  return parts.join('; ');
}

export async function updateShopSettings(
  db: Kysely<Database>,
  actorId: string,
  body: z.output<typeof shopSettingsBody>,
  now = new Date(),
): Promise<ShopSettingsData> {
  const saved = await db.transaction().execute(async (trx) => {
    const before = await getShopSettings(trx);
    // A client that does not know a setting (the low-stock threshold, the COD confirmation
    // hours) leaves it as it is.
    const after: ShopSettings = {
      freeShippingThreshold: body.freeShippingThreshold,
      codMaxOrderValue: body.codMaxOrderValue,
      codMaxOpenOrders: body.codMaxOpenOrders,
      lowStockThreshold: body.lowStockThreshold ?? before.lowStockThreshold,
      codConfirmHours: body.codConfirmHours === undefined ? before.codConfirmHours : body.codConfirmHours,
      returnWindowDays: body.returnWindowDays ?? before.returnWindowDays,
      allowSizeExchanges: body.allowSizeExchanges ?? before.allowSizeExchanges,
      pricesIncludeGst: body.pricesIncludeGst ?? before.pricesIncludeGst,
    };
    const summary = settingsChangeSummary(before, after);
    await repo.saveSettings(trx, after, now.toISOString());
    if (summary) await recordShopChange(trx, actorId, 'settings.updated', summary, now);
    return after;
  });
  return settingsData(saved);
}

/** The storefront's facts and texts about shipping, tax and cash on delivery. */
export async function storeInfo(db: Kysely<Database>): Promise<StoreInfo> {
  const [shop, gstRates, seller] = await Promise.all([getShopSettings(db), categoryRatesInUse(db), sellerPage(db)]);
  const settings = { ...defaultStoreSettings, ...shop, gstRates };
  return {
    shippingFee: settings.shippingFee,
    freeShippingThreshold: shop.freeShippingThreshold,
    gstPercent: settings.gstPercent,
    codMaxOrderValue: shop.codMaxOrderValue,
    codMaxOpenOrders: shop.codMaxOpenOrders,
    lowStockThreshold: shop.lowStockThreshold,
    returnWindowDays: shop.returnWindowDays,
    allowSizeExchanges: shop.allowSizeExchanges,
    pricesIncludeGst: shop.pricesIncludeGst,
    consumerCare: { name: seller.legalName, ...seller.contact },
    texts: { ...storeTexts(settings), returnPolicy: returnPolicyText(shop) },
  };
}
