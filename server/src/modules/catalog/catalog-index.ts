import {
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
} from '@shop/core';

/** What the index keeps of a product on sale: what cards, filters, sorts and search need. */
export interface IndexedProduct {
  id: string;
  name: string;
  price: Paise;
  originalPrice: Paise | null;
  createdAt: string;
  categoryId: string;
  categoryName: string;
  image: string | null;
  /** In the product's order, its first colour first. */
  colors: string[];
  tags: string[];
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
  tag?: string | undefined;
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
  products: IndexedProduct[];
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

/** How many products are in every one of `sets`. */
function countAll(sets: Bits[], words: number): number {
  let count = 0;
  for (let w = 0; w < words; w++) {
    let v = 0xffffffff;
    for (const s of sets) v &= s[w]!;
    if (v !== 0) count += popcount(v);
  }
  return count;
}

function intersect(sets: Bits[], words: number): Bits {
  const out = new Uint32Array(words);
  for (let w = 0; w < words; w++) {
    let v = 0xffffffff;
    for (const s of sets) v &= s[w]!;
    out[w] = v;
  }
  return out;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type ListSort = Exclude<ProductSort, 'relevance'>;
type ProductOrder = (a: IndexedProduct, b: IndexedProduct) => number;

const sortOrders: Record<ListSort, ProductOrder> = {
  price: (a, b) => a.price - b.price || byText(a.id, b.id),
  '-price': (a, b) => b.price - a.price || byText(a.id, b.id),
  newest: (a, b) => byText(b.createdAt, a.createdAt) || byText(a.id, b.id),
  name: (a, b) => byText(a.name, b.name) || byText(a.id, b.id),
};

interface Postings {
  name: number[];
  other: number[];
}

/** A text search's products and each one's score. */
interface TextMatch {
  bits: Bits;
  score: (position: number) => number;
  maxScore: number;
}

/**
 * The catalogue on sale, held by each process to answer lists, filters, counts, facets and
 * search without reading the catalogue from the database. It is rebuilt when the catalogue's
 * version in the database moves on (see held-catalogue.ts); its index of typos is made from
 * the one before, changing only the words that came or went.
 */
export class CatalogIndex {
  readonly size: number;
  private readonly words: number;
  private readonly all: Bits;
  private readonly orders = new Map<ListSort, Int32Array>();
  private readonly colorSets = new Map<string, Bits>();
  private readonly tagSets = new Map<string, Bits>();
  /** A category's products, those of its sub-categories included. */
  private readonly categorySets = new Map<string, Bits>();
  private readonly bandSets: { value: string; bits: Bits }[];
  private readonly prices: Int32Array;
  private readonly postings = new Map<string, { name: Int32Array; other: Int32Array }>();
  private readonly vocabulary: string[];
  /** Finds the nearest words to a mistyped one without reading the whole vocabulary. */
  readonly typos: TypoIndex;
  private readonly categoriesById: Map<string, IndexedCategory>;

  constructor(
    private readonly products: IndexedProduct[],
    readonly categories: IndexedCategory[],
    private readonly settings: StoreSettings = defaultStoreSettings,
    /** The index this one follows, if any: its typo index is carried over, changed where words changed. */
    previous?: CatalogIndex,
  ) {
    const n = products.length;
    this.size = n;
    this.words = Math.ceil(n / 32);
    this.all = new Uint32Array(this.words).fill(0xffffffff);
    if (n % 32) this.all[this.words - 1] = (1 << (n % 32)) - 1;
    this.categoriesById = new Map(categories.map((c) => [c.id, c]));
    this.prices = Int32Array.from(products, (p) => p.price);
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
    products.forEach((p, i) => {
      for (const color of p.colors) setBit(setOf(this.colorSets, color), i);
      for (const tag of p.tags) setBit(setOf(this.tagSets, tag), i);
      setBit(setOf(this.categorySets, p.categoryId), i);
      const parent = this.categoriesById.get(p.categoryId)?.parentId;
      if (parent) setBit(setOf(this.categorySets, parent), i);
      const name = searchWords(p.name);
      for (const word of name) post(word, 'name', i);
      const other = [
        ...(categoryWords.get(p.categoryId) ?? []),
        ...p.colors.flatMap(searchWords),
        ...p.tags.flatMap(searchWords),
      ];
      for (const word of new Set(other)) if (!name.includes(word)) post(word, 'other', i);
    });
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
    if (words.length === 0) return { bits: this.none(), score: () => 0, maxScore: 0 };
    const perWord = words.map((word) => {
      const best = new Uint8Array(this.size);
      const bits = this.none();
      for (const { word: found, match } of expandWord(word, this.vocabulary, this.typos)) {
        const lists = this.postings.get(found)!;
        for (const field of ['name', 'other'] as const) {
          const weight = matchWeight(field, match);
          for (const i of lists[field]) {
            if (best[i]! < weight) best[i] = weight;
            setBit(bits, i);
          }
        }
      }
      return { best, bits };
    });
    return {
      bits:
        perWord.length === 1
          ? perWord[0]!.bits
          : intersect(
              perWord.map((w) => w.bits),
              this.words,
            ),
      score: (i) => perWord.reduce((sum, w) => sum + w.best[i]!, 0),
      maxScore: words.length * matchWeight('name', 'exact'),
    };
  }

  query(query: IndexQuery): IndexAnswer {
    const text = query.q === undefined ? undefined : this.textMatch(query.q);
    const groups = {
      color: query.color === undefined ? undefined : (this.colorSets.get(query.color) ?? this.none()),
      tag: query.tag === undefined ? undefined : (this.tagSets.get(query.tag) ?? this.none()),
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
    const positions =
      query.sort === 'relevance' && text
        ? this.byRelevance(bits, text, query.offset + query.limit)
        : this.inOrder(bits, query.sort === 'relevance' ? 'price' : query.sort, query.offset + query.limit);
    const answer: IndexAnswer = {
      products: positions.slice(query.offset).map((i) => this.products[i]!),
      total,
    };
    if (query.facets) answer.facets = this.facets(groups);
    return answer;
  }

  /** The first `count` products of `bits` in a sort order. */
  private inOrder(bits: Bits, sort: ListSort, count: number): number[] {
    const order = this.orders.get(sort)!;
    const out: number[] = [];
    for (let k = 0; k < order.length && out.length < count; k++) {
      const i = order[k]!;
      if (has(bits, i)) out.push(i);
    }
    return out;
  }

  /** The first `count` products of `bits` by score, equal scores in name order. */
  private byRelevance(bits: Bits, text: TextMatch, count: number): number[] {
    const buckets: number[][] = Array.from({ length: text.maxScore + 1 }, () => []);
    for (const i of this.orders.get('name')!) if (has(bits, i)) buckets[text.score(i)]!.push(i);
    const out: number[] = [];
    for (let s = text.maxScore; s >= 0 && out.length < count; s--) out.push(...buckets[s]!);
    return out.slice(0, count);
  }

  /** Each option's count with the other groups' choices (and the search) applied. */
  private facets(groups: Record<'color' | 'tag' | 'category' | 'price' | 'text', Bits | undefined>): ProductFacets {
    const others = (group: keyof typeof groups) =>
      Object.entries(groups)
        .filter(([key, bits]) => key !== group && bits !== undefined)
        .map(([, bits]) => bits!);
    const countWith = (group: keyof typeof groups, bits: Bits | undefined) =>
      bits ? countAll([...others(group), bits], this.words) : 0;
    const colors: FacetCount[] = [...this.colorSets]
      .map(([value, bits]) => ({ value, count: countWith('color', bits) }))
      .filter((f) => f.count > 0)
      .sort((a, b) => b.count - a.count || byText(a.value, b.value));
    return {
      colors,
      priceBands: this.bandSets.map(({ value, bits }) => ({ value, count: countWith('price', bits) })),
      tags: this.settings.filterTags.map((value) => ({ value, count: countWith('tag', this.tagSets.get(value)) })),
      collections: this.settings.collections.map(({ id }) => ({
        value: id,
        count: countWith('category', id === 'all' ? this.all : this.categorySets.get(id)),
      })),
    };
  }

  categoryExists(id: string): boolean {
    return this.categoriesById.has(id);
  }

  /** What the search box suggests: the best products, and the categories holding most matches. */
  suggest(q: string, productCount: number, categoryCount: number) {
    const text = this.textMatch(q);
    const products = this.byRelevance(text.bits, text, productCount).map((i) => this.products[i]!);
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
