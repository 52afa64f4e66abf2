import type { Migration } from 'kysely';
import * as catalog from './2026-11-21-001-catalog.ts';
import * as accounts from './2026-11-21-002-accounts.ts';
import * as cartCoupons from './2026-11-21-003-cart-coupons.ts';
import * as ordersPayments from './2026-11-21-004-orders-payments.ts';
import * as audit from './2026-11-21-005-audit.ts';
import * as paymentClaims from './2026-11-23-006-payment-claims.ts';
import * as healthProbe from './2026-11-23-007-health-probe.ts';
import * as messages from './2026-11-23-008-messages.ts';
import * as accountTokens from './2026-11-24-010-account-tokens.ts';
import * as invoices from './2026-11-24-011-invoices.ts';
import * as delivery from './2026-11-24-012-delivery.ts';
import * as catalogueSearch from './2026-11-24-013-catalogue-search.ts';
import * as catalogueNotifications from './2026-11-25-014-catalogue-notifications.ts';
import * as orderHolders from './2026-11-26-015-order-holders.ts';
import * as variants from './2026-11-28-016-variants.ts';
import * as afterCheckout from './2026-11-28-017-after-checkout.ts';
import * as shipments from './2026-11-28-018-shipments.ts';
import * as grievancesDataRights from './2026-11-28-019-grievances-data-rights.ts';
import * as stockChanges from './2026-11-28-020-stock-changes.ts';
import * as lowStock from './2026-11-28-021-low-stock.ts';
import * as honestUrgency from './2026-11-28-022-honest-urgency.ts';
import * as returns from './2026-11-28-024-returns.ts';
import * as home from './2026-11-28-026-home.ts';
import * as declarations from './2026-11-28-027-declarations.ts';
import * as inclusivePrices from './2026-11-28-028-inclusive-prices.ts';
import * as saleEnds from './2026-11-28-029-sale-ends.ts';
import * as openOrders from './2026-11-29-030-open-orders.ts';
import * as orderHolds from './2026-11-29-031-order-holds.ts';

/**
 * Every migration, listed by hand in order. Listing (rather than reading a folder) keeps
 * them inside the bundled server and makes the order a reviewed decision.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21-001-catalog': catalog,
  '2026-11-21-002-accounts': accounts,
  '2026-11-21-003-cart-coupons': cartCoupons,
  '2026-11-21-004-orders-payments': ordersPayments,
  '2026-11-21-005-audit': audit,
  '2026-11-23-006-payment-claims': paymentClaims,
  '2026-11-23-007-health-probe': healthProbe,
  '2026-11-23-008-messages': messages,
  '2026-11-24-010-account-tokens': accountTokens,
  '2026-11-24-011-invoices': invoices,
  '2026-11-24-012-delivery': delivery,
  '2026-11-24-013-catalogue-search': catalogueSearch,
  '2026-11-25-014-catalogue-notifications': catalogueNotifications,
  '2026-11-26-015-order-holders': orderHolders,
  '2026-11-28-016-variants': variants,
  '2026-11-28-017-after-checkout': afterCheckout,
  '2026-11-28-018-shipments': shipments,
  '2026-11-28-019-grievances-data-rights': grievancesDataRights,
  '2026-11-28-020-stock-changes': stockChanges,
  '2026-11-28-021-low-stock': lowStock,
  '2026-11-28-022-honest-urgency': honestUrgency,
  '2026-11-28-024-returns': returns,
  '2026-11-28-026-home': home,
  '2026-11-28-027-declarations': declarations,
  '2026-11-28-028-inclusive-prices': inclusivePrices,
  '2026-11-28-029-sale-ends': saleEnds,
  '2026-11-29-030-open-orders': openOrders,
  '2026-11-29-031-order-holds': orderHolds,
};
