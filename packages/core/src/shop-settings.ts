import { formatRupees, type Paise } from './money.ts';
import type { StoreSettings } from './store-settings.ts';
import { DEFAULT_LOW_STOCK_THRESHOLD } from './low-stock.ts';
import { DEFAULT_RETURN_WINDOW_DAYS } from './return-rules.ts';
import { INCLUSIVE_TAX_NOTE } from './gst-rate.ts';

/**
 * The settings an owner changes from the staff area (kept in the database, one row), beside
 * the fixed `StoreSettings`. The defaults keep the specification's totals: no free shipping.
 */
export interface ShopSettings {
  /** Orders whose items cost this much or more after discounts ship free; null: never free. */
  freeShippingThreshold: Paise | null;
  /** The largest order total that may be paid on delivery. */
  codMaxOrderValue: Paise;
  /** How many cash-on-delivery orders one shopper may have open (placed, confirmed or shipped). */
  codMaxOpenOrders: number;
  /** Pieces at or below which a variant is low, unless its product sets its own. */
  lowStockThreshold: number;
  /**
   * Hours a cash order has to be confirmed (the shopper's emailed link, or staff after a call)
   * before it is cancelled; until then it is held from shipping. Null: off.
   */
  codConfirmHours: number | null;
  /** Days after delivery a shopper may ask for a return. */
  returnWindowDays: number;
  /** Whether a return may ask for another size of the same colour instead of a refund. */
  allowSizeExchanges: boolean;
  /**
   * Whether product prices include GST (what the shopper pays) rather than GST being added at
   * checkout, the specification's arithmetic and the default.
   */
  pricesIncludeGst: boolean;
}

export const defaultShopSettings: ShopSettings = {
  freeShippingThreshold: null,
  codMaxOrderValue: 5_000_000,
  codMaxOpenOrders: 3,
  lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
  codConfirmHours: null,
  returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS,
  allowSizeExchanges: false,
  pricesIncludeGst: false,
};

/** The most an owner may set: a cap above any order the database can hold is no cap. */
export const SHOP_SETTING_LIMITS = { maxAmount: 2_147_483_647, maxOpenOrders: 100 } as const;

/** "₹10", "₹999", "₹1,499.50": whole rupees without the paise, as a promise reads. */
export function formatPromiseAmount(paise: Paise): string {
  return formatRupees(paise).replace(/\.00$/, '');
}

type ShippingFacts = Pick<StoreSettings, 'shippingFee'> & Pick<ShopSettings, 'freeShippingThreshold'>;

/** Whether an order whose items come to `itemsAfterDiscount` ships free. */
export function shipsFree(itemsAfterDiscount: Paise, settings: Pick<ShopSettings, 'freeShippingThreshold'>): boolean {
  return settings.freeShippingThreshold !== null && itemsAfterDiscount >= settings.freeShippingThreshold;
}

/**
 * What the banner, product page, footer, policies and cart promise about shipping and tax,
 * derived from the same settings the totals use, so no page promises what the totals don't do.
 */
export interface StoreTexts {
  /** Short, for the banner: "Flat ₹10 shipping" or "Free shipping when your items come to ₹999". */
  shippingPromise: string;
  /** One sentence for policies and the cart. */
  shippingPolicy: string;
  /** Short, beside a price: "+ 18% GST, added at checkout", or "Inclusive of all taxes". */
  taxNote: string;
  /** One sentence for the footer, policies and terms. */
  taxPolicy: string;
  /** The totals' GST row: "GST (18%)" while every item is taxed at one rate, else "GST". */
  gstLabel: string;
  /** Short, for the banner; null when the shop takes no cash on delivery at all. */
  codPromise: string | null;
}

/** What the texts are made of: the totals' settings and the GST rates the catalogue's categories carry. */
export type TextFacts = ShippingFacts &
  Pick<StoreSettings, 'gstPercent'> &
  Partial<Pick<ShopSettings, 'codMaxOrderValue' | 'codMaxOpenOrders' | 'pricesIncludeGst'>> & {
    gstRates?: readonly number[];
  };

/** "18%", or "5% to 18%" when categories are taxed at several rates. */
function ratesText(facts: TextFacts): { text: string; single: boolean } {
  const rates = [...new Set(facts.gstRates?.length ? facts.gstRates : [facts.gstPercent])].sort((x, y) => x - y);
  if (rates.length === 1) return { text: `${rates[0]}%`, single: true };
  return { text: `${rates[0]}% to ${rates.at(-1)}%`, single: false };
}

export function storeTexts(settings: TextFacts): StoreTexts {
  const fee = formatPromiseAmount(settings.shippingFee);
  const threshold = settings.freeShippingThreshold;
  // The threshold counts the items after discounts, not the order's total: the promise says "items".
  const shippingPromise =
    threshold === null
      ? `Flat ${fee} shipping`
      : `Free shipping when your items come to ${formatPromiseAmount(threshold)}`;
  const shippingPolicy =
    threshold === null
      ? `Every order pays a flat ${fee} for shipping.`
      : `Shipping is free when your items come to ${formatPromiseAmount(threshold)} or more after discounts; below that it is a flat ${fee}.`;
  const rates = ratesText(settings);
  const gst = rates.single ? `${rates.text} GST` : `GST of ${rates.text} by item`;
  return {
    shippingPromise,
    shippingPolicy,
    ...(settings.pricesIncludeGst
      ? {
          taxNote: INCLUSIVE_TAX_NOTE,
          taxPolicy: `Prices are in Indian rupees and include ${gst}: the total is what you pay, with shipping, and the GST it contains is shown in the order summary and on the invoice.`,
        }
      : {
          taxNote: `+ ${gst}, added at checkout`,
          taxPolicy: `Prices are in Indian rupees before GST: ${gst} is added at checkout, on the items after discounts plus shipping.`,
        }),
    gstLabel: rates.single ? `GST (${rates.text})` : 'GST',
    codPromise:
      settings.codMaxOrderValue === 0 || settings.codMaxOpenOrders === 0 ? null : 'Cash on delivery in most PIN codes',
  };
}
