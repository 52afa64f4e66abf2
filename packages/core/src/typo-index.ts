import { allowedTypos, typoDistance } from './catalog-search.ts';

/**
 * The nearest catalogue words to a mistyped word, found through an index instead of a scan of
 * the whole vocabulary (symmetric deletion, as SymSpell does it). Its answers are exactly
 * `nearestWords`' (the rule's definition): the words within `allowedTypos` edits of the typed
 * word, at the smallest distance found, in vocabulary order.
 *
 * Why deletions find every such word: each edit of the rule (insert, delete, replace, swap two
 * neighbours) is undone by deleting one character from one or both sides (a swap: the same
 * character from both), so two words within k edits have a common string reached by at most k
 * deletions from each. The index keeps, for each word, the strings made by deleting up to as
 * many characters as a query that could reach it may carry typos (a hash of each: a collision
 * only brings in a word that the edit distance then turns away). A query looks up its own
 * deletions, and measures the distance to the few words they name.
 *
 * The index is immutable once made; `TypoIndex.of` makes the next one from the one before,
 * changing only the words that came or went (a price or stock change changes none).
 */
export class TypoIndex {
  /** The vocabulary indexed: sorted, each word once. */
  readonly vocabulary: readonly string[];
  /** Every word ever added to this index or the ones it was made from, by id (removed ones stay, dead). */
  private readonly words: string[];
  private readonly ids: Map<string, number>;
  private alive: Uint8Array;
  private deadWords: number;
  // A hash table with chaining, in typed arrays: `heads` holds each bucket's first entry,
  // each entry the hash of one deletion of one word, how many characters it deleted, that
  // word's id, and the next entry.
  private heads: Int32Array;
  private next: Int32Array;
  private hashes: Uint32Array;
  private depths: Uint8Array;
  private wordOf: Int32Array;
  private entries: number;
  /** Marks the words a query has already measured (this query's number). */
  private seen: Int32Array;
  private query = 0;

  /** An empty index of room for `capacity` entries, or a copy of `from` with that much more room. */
  private constructor(vocabulary: readonly string[], capacity: number, from?: TypoIndex) {
    this.vocabulary = vocabulary;
    if (from) {
      this.words = from.words.slice();
      this.ids = new Map(from.ids);
      this.alive = from.alive.slice();
      this.deadWords = from.deadWords;
      this.heads = from.heads.slice();
      this.next = grown(from.next, from.entries + capacity, Int32Array);
      this.hashes = grown(from.hashes, from.entries + capacity, Uint32Array);
      this.depths = grown(from.depths, from.entries + capacity, Uint8Array);
      this.wordOf = grown(from.wordOf, from.entries + capacity, Int32Array);
      this.entries = from.entries;
    } else {
      this.words = [];
      this.ids = new Map();
      this.alive = new Uint8Array(vocabulary.length);
      this.deadWords = 0;
      this.heads = new Int32Array(bucketCountFor(capacity)).fill(-1);
      this.next = new Int32Array(capacity);
      this.hashes = new Uint32Array(capacity);
      this.depths = new Uint8Array(capacity);
      this.wordOf = new Int32Array(capacity);
      this.entries = 0;
    }
    this.seen = new Int32Array(0);
  }

  /**
   * The index of `vocabulary` (sorted, each word once). Given the index of an earlier
   * vocabulary, it is made from that one: the same index when no word came or went, else a
   * copy with the words that came added and those that went marked dead (made afresh once
   * the dead would be a quarter of it).
   */
  static of(vocabulary: readonly string[], previous?: TypoIndex): TypoIndex {
    if (!previous) {
      const index = new TypoIndex(vocabulary, entriesFor(vocabulary));
      for (const word of vocabulary) index.add(word);
      return index;
    }
    const { added, removed } = sortedDifference(previous.vocabulary, vocabulary);
    if (added.length === 0 && removed.length === 0) return previous;
    if ((previous.deadWords + removed.length) * 4 > vocabulary.length) return TypoIndex.of(vocabulary);
    const index = new TypoIndex(vocabulary, entriesFor(added), previous);
    for (const word of removed) index.remove(word);
    for (const word of added) index.add(word);
    return index;
  }

  /** The words within `allowedTypos(word.length)` edits of `word`, at the smallest distance, in vocabulary order. */
  nearest(word: string): string[] {
    const limit = allowedTypos(word.length);
    if (limit === 0) return [];
    if (this.seen.length < this.words.length) this.seen = new Int32Array(this.words.length);
    this.query = this.query === 0x7fffffff ? 1 : this.query + 1;
    const { heads, next, hashes, depths, wordOf, alive, seen, words, query } = this;
    const mask = heads.length - 1;
    let best = limit + 1;
    let nearest: string[] = [];
    forEachDeletion(word, limit, (hash) => {
      for (let e = heads[hash & mask]!; e !== -1; e = next[e]!) {
        // A word's deletions deeper than this word's typos lead to no word within them.
        if (hashes[e] !== hash || depths[e]! > limit) continue;
        const id = wordOf[e]!;
        if (seen[id] === query || alive[id] === 0) continue;
        seen[id] = query;
        const candidate = words[id]!;
        const distance = typoDistance(word, candidate, limit);
        if (distance < best) {
          best = distance;
          nearest = [candidate];
        } else if (distance === best && distance <= limit) {
          nearest.push(candidate);
        }
      }
    });
    return nearest.sort(byText);
  }

  /** What the index holds, for measuring it: words (live and dead) and deletion entries. */
  stats(): { words: number; deadWords: number; entries: number; bytes: number } {
    const bytes =
      this.heads.byteLength +
      this.next.byteLength +
      this.hashes.byteLength +
      this.depths.byteLength +
      this.wordOf.byteLength +
      this.alive.byteLength +
      this.seen.byteLength;
    return { words: this.words.length - this.deadWords, deadWords: this.deadWords, entries: this.entries, bytes };
  }

  private add(word: string): void {
    const depth = indexedDepth(word.length);
    if (depth < 0) return;
    const id = this.words.length;
    this.words.push(word);
    this.ids.set(word, id);
    if (this.alive.length <= id) this.alive = grown(this.alive, Math.max(16, id * 2), Uint8Array);
    this.alive[id] = 1;
    // The same string may come from deleting different characters: indexed once.
    const own: { hash: number; depth: number }[] = [];
    forEachDeletion(word, depth, (hash, deleted) => own.push({ hash, depth: deleted }));
    own.sort((a, b) => a.hash - b.hash || a.depth - b.depth);
    for (let i = 0; i < own.length; i++) {
      if (i === 0 || own[i]!.hash !== own[i - 1]!.hash) this.insert(own[i]!.hash, own[i]!.depth, id);
    }
  }

  private remove(word: string): void {
    const id = this.ids.get(word);
    if (id === undefined) return;
    this.ids.delete(word);
    this.alive[id] = 0;
    this.deadWords += 1;
  }

  private insert(hash: number, depth: number, id: number): void {
    if (this.entries === this.next.length) {
      const capacity = Math.max(16, this.entries * 2);
      this.next = grown(this.next, capacity, Int32Array);
      this.hashes = grown(this.hashes, capacity, Uint32Array);
      this.depths = grown(this.depths, capacity, Uint8Array);
      this.wordOf = grown(this.wordOf, capacity, Int32Array);
    }
    if (this.entries >= this.heads.length) this.rehash(bucketCountFor(this.entries * 2));
    const e = this.entries++;
    const bucket = hash & (this.heads.length - 1);
    this.hashes[e] = hash;
    this.depths[e] = depth;
    this.wordOf[e] = id;
    this.next[e] = this.heads[bucket]!;
    this.heads[bucket] = e;
  }

  private rehash(buckets: number): void {
    const heads = new Int32Array(buckets).fill(-1);
    const mask = buckets - 1;
    for (let e = 0; e < this.entries; e++) {
      const bucket = this.hashes[e]! & mask;
      this.next[e] = heads[bucket]!;
      heads[bucket] = e;
    }
    this.heads = heads;
  }
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The most typos any word may carry. */
const mostTypos = allowedTypos(Number.MAX_SAFE_INTEGER);

/**
 * How many characters deep a word's deletions are indexed: the most typos of any query that
 * can reach a word of this length (a query of n letters reaches words within allowedTypos(n)
 * letters of it). -1: no query reaches it.
 */
function indexedDepth(length: number): number {
  let depth = -1;
  for (let typed = Math.max(1, length - mostTypos); typed <= length + mostTypos; typed++) {
    const typos = allowedTypos(typed);
    if (typos > 0 && Math.abs(typed - length) <= typos) depth = Math.max(depth, typos);
  }
  return depth;
}

/** At most how many entries the words' deletions take. */
function entriesFor(words: readonly string[]): number {
  return words.reduce((sum, word) => sum + deletionCount(word.length), 0);
}

/** At most how many deletions of a word are indexed (fewer when some coincide). */
function deletionCount(length: number): number {
  const depth = indexedDepth(length);
  if (depth < 0) return 0;
  let count = 1;
  let ways = 1;
  for (let d = 1; d <= depth && d <= length; d++) {
    ways = (ways * (length - d + 1)) / d;
    count += ways;
  }
  return count;
}

function bucketCountFor(entries: number): number {
  let buckets = 16;
  while (buckets < entries) buckets *= 2;
  return buckets;
}

function grown<T extends Uint8Array | Int32Array | Uint32Array>(
  array: T,
  length: number,
  Kind: { new (length: number): T },
): T {
  const bigger = new Kind(Math.max(length, array.length));
  bigger.set(array);
  return bigger;
}

/**
 * Calls `visit` with the hash of the word and of each string made by deleting up to `depth`
 * of its characters (UTF-16 units, as `typoDistance` counts them; some strings may repeat),
 * and how many it deleted.
 */
function forEachDeletion(word: string, depth: number, visit: (hash: number, deleted: number) => void): void {
  if (depth > 2) throw new Error(`deletions ${depth} deep are not indexed`);
  const n = word.length;
  visit(hashWithout(word, -1, -1), 0);
  if (depth >= 1) for (let i = 0; i < n; i++) visit(hashWithout(word, i, -1), 1);
  if (depth >= 2) for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) visit(hashWithout(word, i, j), 2);
}

/** FNV-1a over the word's UTF-16 units but those at `skip1` and `skip2`. */
function hashWithout(word: string, skip1: number, skip2: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    if (i === skip1 || i === skip2) continue;
    hash ^= word.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The words only in `after` and those only in `before`, both sorted (by code units). */
function sortedDifference(before: readonly string[], after: readonly string[]) {
  const added: string[] = [];
  const removed: string[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const a = before[i];
    const b = after[j];
    if (b === undefined || (a !== undefined && a < b)) {
      removed.push(a!);
      i++;
    } else if (a === undefined || b < a) {
      added.push(b);
      j++;
    } else {
      i++;
      j++;
    }
  }
  return { added, removed };
}
