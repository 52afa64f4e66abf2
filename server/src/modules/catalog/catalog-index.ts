import {
  compareSizes,
  countryKey,
  shownCountryName,
  defaultStoreSettings,
  expandWord,
  matchWeight,
  parsePriceBand,
  queryWords,
  searchWords,
  toPaise,
  TypoIndex,
  type FacetCount,
  type Paise,
  type ProductFacets,
  type ProductSort,
  type SearchField,
  type StoreSettings,
  type VariantKey,
} from '@shop/core';

/** A product on sale as the index is made from it: what cards, filters, sorts and search need. */
export interface IndexedProduct {
  id: string;
  name: string;
  price: Paise;
  originalPrice: Paise | null;
  createdAt: string;
  categoryId: string;
  categoryName: string;
  image: string | null;
  /** In the product's order. */
  colors: readonly string[];
  tags: readonly string[];
  /** Country of origin as staff typed it; '' when not declared. */
  origin: string;
  /**
   * The variants with some stock (colour '' for a product without named colours), as the
   * catalogue reads them: `stockText` of them. One string, not an object per variant: at 100,000
   * products of 20 variants the objects alone would take more memory than the whole index.
   */
  stock: string;
}

/** Separators of `IndexedProduct.stock`: characters no colour or size holds. */
export const STOCK_ITEM = '\u001e';
export const STOCK_PART = '\u001f';

/** Variants as `IndexedProduct.stock` holds them. */
export function stockText(variants: readonly VariantKey[]): string {
  return variants.map((v) => `${v.color}${STOCK_PART}${v.size}`).join(STOCK_ITEM);
}

/** A product as a list shows it, made from the index when asked: nothing per product is kept as an object. */
export interface IndexedCard {
  id: string;
  name: string;
  price: Paise;
  originalPrice: Paise | null;
  categoryId: string;
  categoryName: string;
  image: string | null;
  /** The colours with some stock, in the product's order. */
  colors: string[];
  soldOut: boolean;
}

export interface IndexedCategory {
  id: string;
  name: string;
  parentId: string | null;
}

/** A list request as the index answers it; prices in paise. */
export interface IndexQuery {
  categoryId?: string | undefined;
  color?: string | undefined;
  size?: string | undefined;
  inStock?: boolean | undefined;
  tag?: string | undefined;
  /** A country of origin, in any case. */
  origin?: string | undefined;
  minPrice?: Paise | undefined;
  maxPrice?: Paise | undefined;
  /** A search; `relevance` orders by its score. */
  q?: string | undefined;
  sort: ProductSort;
  offset: number;
  limit: number;
  facets?: boolean;
}

export interface IndexAnswer {
  products: IndexedCard[];
  total: number;
  facets?: ProductFacets;
}

// Sets of products are bitsets over their positions in the index: filtering, counting and
// facet counts are word-wide ANDs and bit counts, whatever the number of matches.
type Bits = Uint32Array;

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

const has = (bits: Bits, i: number) => (bits[i >>> 5]! & (1 << (i & 31))) !== 0;
const setBit = (bits: Bits, i: number) => {
  bits[i >>> 5]! |= 1 << (i & 31);
};
const clearBit = (bits: Bits, i: number) => {
  bits[i >>> 5]! &= ~(1 << (i & 31));
};

// The loops over sets below are indexed, not `for…of`: an iterator per word, thousands of
// words a count and dozens of counts a list, was most of what a list allocated.

/** How many products are in every one of `sets`. */
function countAll(sets: Bits[], words: number): number {
  let count = 0;
  for (let w = 0; w < words; w++) {
    let v = 0xffffffff;
    for (let k = 0; k < sets.length; k++) v &= sets[k]![w]!;
    if (v !== 0) count += popcount(v);
  }
  return count;
}

function intersect(sets: Bits[], words: number): Bits {
  const out = new Uint32Array(words);
  for (let w = 0; w < words; w++) {
    let v = 0xffffffff;
    for (let k = 0; k < sets.length; k++) v &= sets[k]![w]!;
    out[w] = v;
  }
  return out;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type ListSort = Exclude<ProductSort, 'relevance'>;
type ProductOrder = (a: IndexedProduct, b: IndexedProduct) => number;

/** Products without a declared country sort after every country. */
const originOrder = (p: IndexedProduct) => (p.origin === '' ? '\uffff' : countryKey(p.origin));

const sortOrders: Record<ListSort, ProductOrder> = {
  price: (a, b) => a.price - b.price || byText(a.id, b.id),
  '-price': (a, b) => b.price - a.price || byText(a.id, b.id),
  newest: (a, b) => byText(b.createdAt, a.createdAt) || byText(a.id, b.id),
  name: (a, b) => byText(a.name, b.name) || byText(a.id, b.id),
  origin: (a, b) => byText(originOrder(a), originOrder(b)) || byText(a.name, b.name) || byText(a.id, b.id),
};

interface Postings {
  name: number[];
  other: number[];
}

/** A text search's products and each one's score. */
interface TextMatch {
  bits: Bits;
  /** Some typed word is in no product: nothing matches, and no count needs working out. */
  none?: true;
  score: (position: number) => number;
  maxScore: number;
}

/** The groups a list's choices fall in; colour and size together are one choice of variant. */
type Group = 'variant' | 'stock' | 'tag' | 'category' | 'price' | 'origin' | 'text';

/** Ids for values many products share (colours, sizes, image paths): each string once. */
class Names {
  readonly list: string[] = [];
  readonly #ids = new Map<string, number>();
  id(value: string): number {
    let id = this.#ids.get(value);
    if (id === undefined) {
      id = this.list.length;
      this.list.push(value);
      this.#ids.set(value, id);
    }
    return id;
  }
  find(value: string): number | undefined {
    return this.#ids.get(value);
  }
}

/**
 * The catalogue on sale, held by each process to answer lists, filters, counts, facets and
 * search without reading the catalogue from the database. It is rebuilt when the catalogue's
 * version in the database moves on (see held-catalogue.ts); its index of typos is made from
 * the one before, changing only the words that came or went.
 *
 * Which colours and sizes each product has in stock is kept in bitsets too, and changed in place
 * product by product (`setStock`) when stock crosses zero: no rebuild. Nothing is kept per
 * product as an object: products are positions (in id order) in typed arrays and arrays of
 * strings, values many share (colours, sizes, categories, pictures) stored once; a list's cards
 * are made from them when asked.
 */
export class CatalogIndex {
  readonly size: number;
  private readonly words: number;
  private readonly all: Bits;
  private readonly orders = new Map<ListSort, Int32Array>();
  private readonly ids: string[];
  private readonly names: string[];
  private readonly prices: Int32Array;
  /** -1: none. */
  private readonly originalPrices: Int32Array;
  private readonly categoryOf: Uint16Array;
  private readonly images = new Names();
  /** Each product's picture's id in `images`, -1 for none. */
  private readonly imageOf: Int32Array;
  private readonly colors = new Names();
  private readonly sizes = new Names();
  /** Product i's colours (ids in `colors`), in its order, are colorIds[colorStarts[i]] up to colorIds[colorStarts[i + 1]]. */
  private readonly colorStarts: Uint32Array;
  private readonly colorIds: Uint16Array;
  /** Products with some variant in stock. */
  private readonly stocked: Bits;
  /** By colour id: products with that colour in stock in some size. */
  private readonly colorStock = new Map<number, Bits>();
  /** By size id: products with that size in stock in some colour. */
  private readonly sizeStock = new Map<number, Bits>();
  /** By colour id * 65,536 + size id: products with that variant in stock. */
  private readonly variantStock = new Map<number, Bits>();
  private readonly tagSets = new Map<string, Bits>();
  /** By country key (`countryKey`): the products made there; with the name shown for it (core's `shownCountryName`). */
  private readonly originSets = new Map<string, { name: string; bits: Bits }>();
  /** A category's products, those of its sub-categories included. */
  private readonly categorySets = new Map<string, Bits>();
  private readonly bandSets: { value: string; bits: Bits }[];
  private readonly postings = new Map<string, { name: Int32Array; other: Int32Array }>();
  private readonly vocabulary: string[];
  /** Finds the nearest words to a mistyped one without reading the whole vocabulary. */
  readonly typos: TypoIndex;
  private readonly categoriesById: Map<string, IndexedCategory>;
  private readonly categoryPosition: Map<string, number>;
  /** Per word of a search, each product's best score (see textMatch). */
  private readonly scores: Uint8Array[] = [];

  constructor(
    input: readonly IndexedProduct[],
    readonly categories: IndexedCategory[],
    private readonly settings: StoreSettings = defaultStoreSettings,
    /** The index this one follows, if any: its typo index is carried over, changed where words changed. */
    previous?: CatalogIndex,
  ) {
    // Positions in id order: a product's position is found by its id without a map.
    const products = [...input].sort((a, b) => byText(a.id, b.id));
    const n = products.length;
    this.size = n;
    this.words = Math.ceil(n / 32);
    this.all = new Uint32Array(this.words).fill(0xffffffff);
    if (n % 32) this.all[this.words - 1] = (1 << (n % 32)) - 1;
    this.stocked = this.none();
    this.categoriesById = new Map(categories.map((c) => [c.id, c]));
    this.categoryPosition = new Map(categories.map((c, i) => [c.id, i]));
    this.ids = products.map((p) => p.id);
    this.names = products.map((p) => p.name);
    this.prices = Int32Array.from(products, (p) => p.price);
    this.originalPrices = Int32Array.from(products, (p) => p.originalPrice ?? -1);
    this.categoryOf = Uint16Array.from(products, (p) => this.categoryPosition.get(p.categoryId) ?? 0xffff);
    this.imageOf = Int32Array.from(products, (p) => (p.image === null ? -1 : this.images.id(p.image)));
    this.colorStarts = new Uint32Array(n + 1);
    let colorCount = 0;
    products.forEach((p, i) => {
      this.colorStarts[i] = colorCount;
      colorCount += p.colors.length;
    });
    this.colorStarts[n] = colorCount;
    this.colorIds = new Uint16Array(colorCount);
    const positions = Array.from({ length: n }, (_, i) => i);
    for (const [sort, compare] of Object.entries(sortOrders) as [ListSort, ProductOrder][]) {
      this.orders.set(sort, Int32Array.from([...positions].sort((a, b) => compare(products[a]!, products[b]!))));
    }

    const setOf = (map: Map<string, Bits>, key: string) => {
      let bits = map.get(key);
      if (!bits) map.set(key, (bits = new Uint32Array(this.words)));
      return bits;
    };
    const postings = new Map<string, Postings>();
    const post = (word: string, field: SearchField, position: number) => {
      let entry = postings.get(word);
      if (!entry) postings.set(word, (entry = { name: [], other: [] }));
      const list = entry[field];
      if (list[list.length - 1] !== position) list.push(position);
    };
    const categoryWords = new Map(categories.map((c) => [c.id, searchWords(c.name)]));
    const colorWords = new Map<string, string[]>();
    const spellings = new Map<string, Map<string, number>>();
    products.forEach((p, i) => {
      p.colors.forEach((color, k) => (this.colorIds[this.colorStarts[i]! + k] = this.colors.id(color)));
      this.markStockText(i, p.stock);
      for (const tag of p.tags) setBit(setOf(this.tagSets, tag), i);
      if (p.origin !== '') {
        const key = countryKey(p.origin);
        let origin = this.originSets.get(key);
        if (!origin) this.originSets.set(key, (origin = { name: p.origin, bits: this.none() }));
        setBit(origin.bits, i);
        let spelled = spellings.get(key);
        if (!spelled) spellings.set(key, (spelled = new Map()));
        spelled.set(p.origin, (spelled.get(p.origin) ?? 0) + 1);
      }
      setBit(setOf(this.categorySets, p.categoryId), i);
      const parent = this.categoriesById.get(p.categoryId)?.parentId;
      if (parent) setBit(setOf(this.categorySets, parent), i);
      const name = searchWords(p.name);
      for (const word of name) post(word, 'name', i);
      const other = new Set(categoryWords.get(p.categoryId));
      for (const color of p.colors) {
        let words = colorWords.get(color);
        if (!words) colorWords.set(color, (words = searchWords(color)));
        for (const word of words) other.add(word);
      }
      for (const tag of p.tags) for (const word of searchWords(tag)) other.add(word);
      for (const word of other) if (!name.includes(word)) post(word, 'other', i);
    });
    for (const [key, spelled] of spellings) this.originSets.get(key)!.name = shownCountryName(spelled);
    for (const [word, lists] of postings) {
      this.postings.set(word, { name: Int32Array.from(lists.name), other: Int32Array.from(lists.other) });
    }
    this.vocabulary = [...postings.keys()].sort(byText);
    this.typos = TypoIndex.of(this.vocabulary, previous?.typos);
    this.bandSets = settings.priceBands.map((value) => {
      const band = parsePriceBand(value);
      return {
        value,
        bits: band ? this.priceRange(toPaise(band.min), toPaise(band.max)) : new Uint32Array(this.words),
      };
    });
  }

  private bitsOf(map: Map<number, Bits>, key: number): Bits {
    let bits = map.get(key);
    if (!bits) map.set(key, (bits = this.none()));
    return bits;
  }

  /** Sets product i's bits for the variants in stock (its bits cleared before). */
  private markStock(i: number, stock: readonly VariantKey[]): void {
    for (const { color, size } of stock) this.markVariant(i, this.colors.id(color), this.sizes.id(size));
  }

  private markVariant(i: number, c: number, s: number): void {
    setBit(this.bitsOf(this.colorStock, c), i);
    setBit(this.bitsOf(this.sizeStock, s), i);
    setBit(this.bitsOf(this.variantStock, c * 65_536 + s), i);
    setBit(this.stocked, i);
  }

  /** Variant keys as read ("navy␟M") to colour id * 65,536 + size id, while the index is made. */
  private readonly variantIds = new Map<string, number>();

  /** `markStock` from the text the catalogue reads, making no object per variant. */
  private markStockText(i: number, text: string): void {
    for (let at = 0; at < text.length;) {
      let end = text.indexOf(STOCK_ITEM, at);
      if (end < 0) end = text.length;
      const item = text.slice(at, end);
      let key = this.variantIds.get(item);
      if (key === undefined) {
        const split = item.indexOf(STOCK_PART);
        key = this.colors.id(item.slice(0, split)) * 65_536 + this.sizes.id(item.slice(split + 1));
        this.variantIds.set(item, key);
      }
      this.markVariant(i, key >>> 16, key & 0xffff);
      at = end + 1;
    }
  }

  /** The position of a product on sale, or -1. */
  private positionOf(id: string): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    return this.ids[lo] === id ? lo : -1;
  }

  /** The variants of a product the index holds in stock, as "colour/size" keys sorted: what `setStock` compares. */
  private stockKeys(i: number): string[] {
    const keys: string[] = [];
    for (const [key, bits] of this.variantStock) {
      if (has(bits, i)) keys.push(`${this.colors.list[key >>> 16]}/${this.sizes.list[key & 0xffff]}`);
    }
    return keys.sort(byText);
  }

  /**
   * Which variants of a product are in stock now, read again after its stock changed: its bits
   * change in place. Answers whether anything changed (false too for a product not on sale here).
   */
  setStock(id: string, stock: readonly VariantKey[]): boolean {
    const i = this.positionOf(id);
    if (i < 0) return false;
    const before = this.stockKeys(i).join('\n');
    for (const map of [this.colorStock, this.sizeStock, this.variantStock])
      for (const bits of map.values()) clearBit(bits, i);
    clearBit(this.stocked, i);
    this.markStock(i, stock);
    return this.stockKeys(i).join('\n') !== before;
  }

  /** Whether the product is on sale here with some variant in stock (undefined: not on sale here). */
  inStock(id: string): boolean | undefined {
    const i = this.positionOf(id);
    return i < 0 ? undefined : has(this.stocked, i);
  }

  /** Product i as a list shows it. */
  private card(i: number): IndexedCard {
    const category = this.categories[this.categoryOf[i]!];
    const colors: string[] = [];
    for (let k = this.colorStarts[i]!; k < this.colorStarts[i + 1]!; k++) {
      const c = this.colorIds[k]!;
      const bits = this.colorStock.get(c);
      if (bits && has(bits, i)) colors.push(this.colors.list[c]!);
    }
    const image = this.imageOf[i]!;
    const original = this.originalPrices[i]!;
    return {
      id: this.ids[i]!,
      name: this.names[i]!,
      price: this.prices[i]!,
      originalPrice: original < 0 ? null : original,
      categoryId: category?.id ?? '',
      categoryName: category?.name ?? '',
      image: image < 0 ? null : this.images.list[image]!,
      colors,
      soldOut: !has(this.stocked, i),
    };
  }

  private priceRange(min: Paise | undefined, max: Paise | undefined): Bits {
    const bits = new Uint32Array(this.words);
    const lo = min ?? -Infinity;
    const hi = max ?? Infinity;
    const prices = this.prices;
    for (let i = 0; i < prices.length; i++) if (prices[i]! >= lo && prices[i]! <= hi) setBit(bits, i);
    return bits;
  }

  private none(): Bits {
    return new Uint32Array(this.words);
  }

  /**
   * The products holding every word of `q` (each word as typed, as the start of a catalogue
   * word, or corrected), scored by the rules of `@shop/core`'s catalog-search.
   */
  private textMatch(q: string): TextMatch {
    const words = queryWords(q);
    if (words.length === 0) return { bits: this.none(), score: () => 0, maxScore: 0, none: true };
    const perWord: { best: Uint8Array; bits: Bits }[] = [];
    for (const [k, word] of words.entries()) {
      const found = expandWord(word, this.vocabulary, this.typos);
      // A word found nowhere: nothing matches, whatever the other words are.
      if (found.length === 0) return { bits: this.none(), score: () => 0, maxScore: 0, none: true };
      // Each word's scores in an array kept for the next search: a query is answered at once,
      // so no two use them together, and a search makes no garbage the size of the catalogue.
      const best = (this.scores[k] ??= new Uint8Array(this.size)).fill(0);
      const bits = this.none();
      for (const { word: w, match } of found) {
        const lists = this.postings.get(w)!;
        for (const field of ['name', 'other'] as const) {
          const weight = matchWeight(field, match);
          for (const i of lists[field]) {
            if (best[i]! < weight) best[i] = weight;
            setBit(bits, i);
          }
        }
      }
      perWord.push({ best, bits });
    }
    return {
      bits:
        perWord.length === 1
          ? perWord[0]!.bits
          : intersect(
              perWord.map((w) => w.bits),
              this.words,
            ),
      score: (i) => {
        let sum = 0;
        for (let k = 0; k < perWord.length; k++) sum += perWord[k]!.best[i]!;
        return sum;
      },
      maxScore: words.length * matchWeight('name', 'exact'),
    };
  }

  /** Products with `color` in stock (in `size`, when given), or with `size` in stock in some colour. */
  private variantBits(color: string | undefined, size: string | undefined): Bits | undefined {
    if (color === undefined && size === undefined) return undefined;
    const c = color === undefined ? undefined : this.colors.find(color);
    const s = size === undefined ? undefined : this.sizes.find(size);
    if ((color !== undefined && c === undefined) || (size !== undefined && s === undefined)) return this.none();
    const bits =
      c !== undefined && s !== undefined
        ? this.variantStock.get(c * 65_536 + s)
        : c !== undefined
          ? this.colorStock.get(c)
          : this.sizeStock.get(s!);
    return bits ?? this.none();
  }

  query(query: IndexQuery): IndexAnswer {
    const text = query.q === undefined ? undefined : this.textMatch(query.q);
    const groups: Record<Group, Bits | undefined> = {
      variant: this.variantBits(query.color, query.size),
      stock: query.inStock ? this.stocked : undefined,
      tag: query.tag === undefined ? undefined : (this.tagSets.get(query.tag) ?? this.none()),
      origin:
        query.origin === undefined ? undefined : (this.originSets.get(countryKey(query.origin))?.bits ?? this.none()),
      category: query.categoryId === undefined ? undefined : (this.categorySets.get(query.categoryId) ?? this.none()),
      price:
        query.minPrice === undefined && query.maxPrice === undefined
          ? undefined
          : this.priceRange(query.minPrice, query.maxPrice),
      text: text?.bits,
    };
    const chosen = Object.values(groups).filter((b): b is Bits => b !== undefined);
    const bits = chosen.length === 0 ? this.all : chosen.length === 1 ? chosen[0]! : intersect(chosen, this.words);
    const total = chosen.length === 0 ? this.size : countAll([bits], this.words);
    const count = Math.min(query.offset + query.limit, total);
    const positions =
      count <= query.offset
        ? []
        : query.sort === 'relevance' && text
          ? this.byRelevance(bits, text, query.offset, count)
          : this.inOrder(bits, query.sort === 'relevance' ? 'price' : query.sort, query.offset, count);
    const answer: IndexAnswer = {
      products: positions.map((i) => this.card(i)),
      total,
    };
    if (query.facets) answer.facets = this.facets(groups, query, text?.none === true);
    return answer;
  }

  // A page is found keeping only its own products: the products before it are counted, not
  // kept. An array of every product up to a deep page (50,000 for page 5,003) is too big for
  // V8's young generation and goes straight to the old one, where it stayed until the old
  // generation filled: each deep page added about 0.4 MB to the process (bench/README.md).

  /** The products of `bits` in a sort order, from the `from`th up to (not including) the `to`th. */
  private inOrder(bits: Bits, sort: ListSort, from: number, to: number): number[] {
    const order = this.orders.get(sort)!;
    const out: number[] = [];
    let seen = 0;
    for (let k = 0; k < order.length && seen < to; k++) {
      const i = order[k]!;
      if (!has(bits, i)) continue;
      if (seen >= from) out.push(i);
      seen++;
    }
    return out;
  }

  /**
   * The products of `bits` by score, equal scores in name order, from the `from`th up to (not
   * including) the `to`th: a first pass counts the products of each score, which says where
   * each score's products start; a second keeps those that fall on the page.
   */
  private byRelevance(bits: Bits, text: TextMatch, from: number, to: number): number[] {
    const order = this.orders.get('name')!;
    const next = new Array<number>(text.maxScore + 1).fill(0);
    for (let k = 0; k < order.length; k++) if (has(bits, order[k]!)) next[text.score(order[k]!)]!++;
    // Highest score first: next[s] becomes the rank of the first product of score s.
    let matches = 0;
    for (let s = text.maxScore; s >= 0; s--) {
      const ofScore = next[s]!;
      next[s] = matches;
      matches += ofScore;
    }
    const out = new Array<number>(Math.max(0, Math.min(to, matches) - from));
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      if (!has(bits, i)) continue;
      const rank = next[text.score(i)]!++;
      if (rank >= from && rank < to) out[rank - from] = i;
    }
    return out;
  }

  /**
   * Each option's count with the other groups' choices (and the search) applied. A colour's
   * count is of products with it in stock (in the size chosen, if one is); a size's, of products
   * with it in stock (in the colour chosen, if one is).
   */
  private facets(groups: Record<Group, Bits | undefined>, query: IndexQuery, nothing: boolean): ProductFacets {
    const others = (group: Group) =>
      (Object.entries(groups) as [Group, Bits | undefined][])
        .filter(([key, bits]) => key !== group && bits !== undefined)
        .map(([, bits]) => bits!);
    // A search that matches nothing leaves every option nothing, whatever the other choices.
    const countWith = (group: Group, bits: Bits | undefined) =>
      bits && !nothing ? countAll([...others(group), bits], this.words) : 0;
    const byCount = (a: FacetCount, b: FacetCount) => b.count - a.count || byText(a.value, b.value);
    const colors: FacetCount[] = [];
    for (const [c, value] of this.colors.list.entries()) {
      if (value === '' || !this.colorStock.has(c)) continue;
      const count = countWith('variant', this.variantBits(value, query.size));
      if (count > 0) colors.push({ value, count });
    }
    const sizes: FacetCount[] = [];
    for (const [s, value] of this.sizes.list.entries()) {
      if (!this.sizeStock.has(s)) continue;
      const count = countWith('variant', this.variantBits(query.color, value));
      if (count > 0) sizes.push({ value, count });
    }
    return {
      colors: colors.sort(byCount),
      sizes: sizes.sort((a, b) => compareSizes(a.value, b.value)),
      priceBands: this.bandSets.map(({ value, bits }) => ({ value, count: countWith('price', bits) })),
      tags: this.settings.filterTags.map((value) => ({ value, count: countWith('tag', this.tagSets.get(value)) })),
      collections: this.settings.collections.map(({ id }) => ({
        value: id,
        count: countWith('category', id === 'all' ? this.all : this.categorySets.get(id)),
      })),
      origins: [...this.originSets.entries()]
        .sort(([a], [b]) => byText(a, b))
        .map(([, { name, bits }]) => ({ value: name, count: countWith('origin', bits) }))
        .filter((facet) => facet.count > 0),
    };
  }

  categoryExists(id: string): boolean {
    return this.categoriesById.has(id);
  }

  /** What the search box suggests: the best products, and the categories holding most matches. */
  suggest(q: string, productCount: number, categoryCount: number) {
    const text = this.textMatch(q);
    const products = this.byRelevance(text.bits, text, 0, productCount).map((i) => this.card(i));
    const categories = this.categories
      .map((c) => ({
        category: c,
        count: countAll([text.bits, this.categorySets.get(c.id) ?? this.none()], this.words),
      }))
      .filter((c) => c.count > 0)
      .sort((a, b) => b.count - a.count || byText(a.category.name, b.category.name))
      .slice(0, categoryCount);
    return { products, categories };
  }
}
