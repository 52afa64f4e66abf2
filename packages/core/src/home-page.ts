/**
 * What the home page may show from the shop's own data (issue 26): which deals run, the one
 * moment the deals' countdown runs to, the hero's percentage, and the New Arrivals tabs. Pure,
 * so the server, the browser and the tests agree.
 */
import { earliestEnd } from './honest-urgency.ts';

/** A deal's window, as staff set it (ISO date and time, UTC). */
export interface DealWindow {
  startsAt: string;
  endsAt: string;
}

/** Whether a deal runs at `now`: it has started and not yet ended. */
export function dealIsRunning(deal: DealWindow, now: number): boolean {
  const start = Date.parse(deal.startsAt);
  const end = Date.parse(deal.endsAt);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  return start <= now && now < end;
}

/**
 * A demo deal's window once it has ended, renewed for as many whole lengths as it takes to
 * hold `now`: the demo shop always has its three deals, each renewal the same length, and
 * every visitor computes the same end. A window still to come or running stays as it is.
 */
export function renewedDealWindow(deal: DealWindow, now: number): DealWindow {
  const start = Date.parse(deal.startsAt);
  const end = Date.parse(deal.endsAt);
  const length = end - start;
  if (Number.isNaN(length) || length <= 0 || now < end) return deal;
  const lengths = Math.floor((now - start) / length);
  return {
    startsAt: new Date(start + lengths * length).toISOString(),
    endsAt: new Date(end + lengths * length).toISOString(),
  };
}

/** The deals running at `now`, in their order: one ended (or still to come) drops out. */
export function runningDeals<D extends DealWindow>(deals: readonly D[], now: number): D[] {
  return deals.filter((deal) => dealIsRunning(deal, now));
}

/**
 * The moment the deals' countdown runs to: the earliest end among the deals running at `now`;
 * null when none runs. Once the first deal ends, the countdown runs on to the next end.
 */
export function dealsCountdownEnd(deals: readonly DealWindow[], now: number): string | null {
  return earliestEnd(
    runningDeals(deals, now).map((deal) => deal.endsAt),
    now,
  );
}

/** The whole percentage a deal's discount text states ("30% OFF": 30), or null when it states none from 1 to 99. */
export function discountPercentIn(text: string): number | null {
  const match = /(\d{1,3})\s*%/.exec(text);
  if (!match) return null;
  const percent = Number(match[1]);
  return percent >= 1 && percent <= 99 ? percent : null;
}

export interface HeroOffer {
  percent: number;
  endsAt: string;
}

/**
 * What the hero's badge says: the percentage of the running deal that ends first among those
 * that state one, and when it ends; null while no such deal runs (no badge).
 */
export function heroOffer(deals: readonly (DealWindow & { discountText: string })[], now: number): HeroOffer | null {
  let offer: (HeroOffer & { at: number }) | null = null;
  for (const deal of deals) {
    if (!dealIsRunning(deal, now)) continue;
    const percent = discountPercentIn(deal.discountText);
    if (percent === null) continue;
    const at = Date.parse(deal.endsAt);
    if (!offer || at < offer.at) offer = { percent, endsAt: deal.endsAt, at };
  }
  return offer && { percent: offer.percent, endsAt: offer.endsAt };
}

/**
 * The New Arrivals tabs, as the specification names them, and what each shows: the newest
 * products of a category (and of its sub-categories), or, for Discount Deals, the newest
 * products sold below their original price.
 */
export const newArrivalTabs = [
  { id: 'fashion', name: "Men's Fashion", categoryId: 'mens-clothing' },
  { id: 't-shirts', name: "Men's T-Shirts", categoryId: 'mens-t-shirts' },
  { id: 'shirts', name: "Men's Shirts", categoryId: 'mens-shirts' },
  { id: 'accessories', name: 'Men Accessories', categoryId: 'mens-accessories' },
  { id: 'deals', name: 'Discount Deals', categoryId: null },
] as const;

export type NewArrivalTab = (typeof newArrivalTabs)[number]['id'];
export const newArrivalTabIds = newArrivalTabs.map((tab) => tab.id) as [NewArrivalTab, ...NewArrivalTab[]];
/** The tab New Arrivals opens on (the specification's default). */
export const DEFAULT_NEW_ARRIVAL_TAB: NewArrivalTab = 't-shirts';
/** How many cards New Arrivals shows at first, and how many more each "View More" adds. */
export const NEW_ARRIVALS_PAGE_SIZE = 6;

/**
 * A deal's link: a page of this shop ("/products?category=mens-shirts"), never another site,
 * so "Buy Now" cannot send a shopper elsewhere.
 */
export function isShopLink(link: string): boolean {
  return /^\/(?![/\\])[^\s]*$/.test(link);
}
