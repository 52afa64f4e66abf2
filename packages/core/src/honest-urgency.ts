/**
 * What the storefront may claim to hurry a shopper, only when it is true at that moment
 * (India's Guidelines for Prevention and Regulation of Dark Patterns, 2023: no false urgency).
 * Pure, so the server, the browser and the tests agree.
 */

// "Only N item(s) left" shows at or below the shop's low-stock threshold (low-stock.ts), the
// number at which staff too hear a variant is running low: one number says "low" to both.

/**
 * The whole percent saved against the original price, rounded down (₹79 against ₹99: 20), or
 * null when there is no original price or it is not above the price (nothing is saved).
 */
export function savingsPercent(price: number, originalPrice: number | null | undefined): number | null {
  if (originalPrice === null || originalPrice === undefined || originalPrice <= 0) return null;
  if (price < 0 || price >= originalPrice) return null;
  const percent = Math.floor(((originalPrice - price) * 100) / originalPrice);
  return percent >= 1 ? percent : null;
}

/**
 * How many items "Only N item(s) left" states for a variant with this stock: its stock when at
 * or below the threshold and above zero; null otherwise (plenty, or sold out, which says so itself).
 */
export function itemsLeftNote(stock: number, threshold: number): number | null {
  return stock > 0 && stock <= threshold ? stock : null;
}

/**
 * Whether a card may say "Almost Sold Out": the product is on sale and even its best-stocked
 * variant is at or below the threshold, so whichever colour and size a shopper picks is scarce.
 */
export function almostSoldOut(variantStocks: readonly number[], threshold: number): boolean {
  const best = Math.max(0, ...variantStocks);
  return itemsLeftNote(best, threshold) !== null;
}

/**
 * Whole seconds from `now` until an end staff set, or null when there is none or it has passed:
 * a countdown only runs to a real end, the same for every visitor and visit.
 */
export function secondsUntil(endsAt: string | null | undefined, now: number): number | null {
  if (!endsAt) return null;
  const end = Date.parse(endsAt);
  if (Number.isNaN(end)) return null;
  const left = Math.floor((end - now) / 1000);
  return left > 0 ? left : null;
}

/** The earliest end still to come, among many (the deals' countdown); null when none is left. */
export function earliestEnd(endsAt: readonly (string | null)[], now: number): string | null {
  let earliest: { at: number; text: string } | null = null;
  for (const text of endsAt) {
    if (secondsUntil(text, now) === null) continue;
    const at = Date.parse(text!);
    if (!earliest || at < earliest.at) earliest = { at, text: text! };
  }
  return earliest?.text ?? null;
}

/** "N people are viewing this right now" only from two (the shopper reading it is one). */
export const MIN_VIEWERS_SHOWN = 2;

export function viewersNote(viewers: number): number | null {
  return viewers >= MIN_VIEWERS_SHOWN ? viewers : null;
}
