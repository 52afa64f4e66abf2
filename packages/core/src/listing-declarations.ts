import { gstOn } from './cart-totals.ts';
import type { Paise } from './money.ts';

/**
 * What the Legal Metrology (Packaged Commodities) Rules ask every listing to declare, beside the
 * retail price (`mrpOf`) and the consumer-care contact (the seller details): the goods' common
 * name, their net quantity, where they were made, and who answers for them.
 */
export const makerRoles = ['manufacturer', 'packer', 'importer'] as const;
export type MakerRole = (typeof makerRoles)[number];

export interface ListingDeclarations {
  /** The goods' common or generic name: "Shirt", "Cap". */
  genericName: string;
  /** Net quantity as declared on the pack: "1 N" (one piece), "2 N". */
  netQuantity: string;
  countryOfOrigin: string;
  /** '' while staff have not said which of the three the named business is. */
  makerRole: MakerRole | '';
  makerName: string;
  makerAddress: string;
}

export const emptyDeclarations: ListingDeclarations = {
  genericName: '',
  netQuantity: '',
  countryOfOrigin: '',
  makerRole: '',
  makerName: '',
  makerAddress: '',
};

/** The declarations as a product row stores them (snake case, the role unchecked text). */
export function declarationsOf(row: {
  generic_name: string;
  net_quantity: string;
  country_of_origin: string;
  maker_role: string;
  maker_name: string;
  maker_address: string;
}): ListingDeclarations {
  return {
    genericName: row.generic_name,
    netQuantity: row.net_quantity,
    countryOfOrigin: row.country_of_origin,
    makerRole: (makerRoles as readonly string[]).includes(row.maker_role) ? (row.maker_role as MakerRole) : '',
    makerName: row.maker_name,
    makerAddress: row.maker_address,
  };
}

/** Each declaration in the order the product page lists them, with the words staff read in a refusal. */
export const declarationFields: readonly { key: keyof ListingDeclarations; label: string }[] = [
  { key: 'genericName', label: 'generic name' },
  { key: 'netQuantity', label: 'net quantity' },
  { key: 'countryOfOrigin', label: 'country of origin' },
  { key: 'makerRole', label: 'manufacturer, packer or importer' },
  { key: 'makerName', label: "maker's name" },
  { key: 'makerAddress', label: "maker's address" },
];

/** The declarations a product still lacks (labels, in the page's order): none, and it may be on sale. */
export function missingDeclarations(declarations: ListingDeclarations): string[] {
  return declarationFields.filter(({ key }) => declarations[key].trim() === '').map(({ label }) => label);
}

/** The sentence a refusal to put a product on sale gives: "Add its generic name and net quantity before…". */
export function declarationsMissingMessage(missing: readonly string[]): string {
  const list = missing.length <= 1 ? missing.join('') : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  return `Add the product's ${list} before putting it on sale (Legal Metrology declarations).`;
}

/** How the words name the business that answers for the goods on the product page. */
export function makerRoleLabel(role: MakerRole | ''): string {
  return role === 'manufacturer'
    ? 'Manufactured by'
    : role === 'packer'
      ? 'Packed by'
      : role === 'importer'
        ? 'Imported by'
        : '';
}

/**
 * Countries are typed by staff; a filter matches them whatever their case or spacing, so
 * "india", "India " and "INDIA" are one option.
 */
export function countryKey(country: string): string {
  return country.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The name shown for one country (one `countryKey`) that staff spelled several ways: the spelling
 * most products use; between spellings used as often, one written as a name ("India": a capital
 * first, not all capitals), then the first in code-point order ("USA" before "usa"). It depends
 * on the spellings alone, never on the order the products come in.
 */
export function shownCountryName(spellings: ReadonlyMap<string, number>): string {
  const asName = (spelling: string) => /^\p{Lu}/u.test(spelling) && spelling !== spelling.toUpperCase();
  let shown: string | null = null;
  let most = 0;
  for (const [spelling, count] of spellings) {
    const better =
      shown === null ||
      count > most ||
      (count === most && (asName(spelling) !== asName(shown) ? asName(spelling) : spelling < shown));
    if (better) {
      shown = spelling;
      most = count;
    }
  }
  return shown ?? '';
}

/** A country as stored: spaces trimmed and single. */
export function tidyCountry(country: string): string {
  return country.trim().replace(/\s+/g, ' ');
}

/**
 * What a shopper pays for one piece at `price`, before delivery: the price itself when prices
 * include GST; else the price with the GST one piece carries by the cart's own rounding (`gstOn`).
 */
export function piecePriceWithGst(price: Paise, gstPercent: number, pricesIncludeGst: boolean): Paise {
  return pricesIncludeGst ? price : price + gstOn(price, gstPercent);
}

/**
 * The maximum retail price of one piece, inclusive of all taxes, as the listing declares it. The
 * most a shopper can be asked for the piece is its original price while it is marked down, else
 * its price (a variant's own when it has one), with its GST (`piecePriceWithGst`), so the MRP is
 * what one piece costs before delivery.
 */
export function mrpOf(price: Paise, originalPrice: Paise | null, gstPercent: number, pricesIncludeGst: boolean): Paise {
  const most = originalPrice !== null && originalPrice > price ? originalPrice : price;
  return piecePriceWithGst(most, gstPercent, pricesIncludeGst);
}
