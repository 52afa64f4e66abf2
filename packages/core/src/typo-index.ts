import { allowedTypos, typoDistance } from './catalog-search.ts';
import { firstAtLeast } from './sorted-search.ts';

/**
 * The nearest catalogue words to a mistyped word, found through an index instead of a scan of
 * the whole vocabulary (symmetric deletion, as SymSpell does it). Its answers are exactly
 * `nearestWords`' (the rule's definition): the words within `allowedTypos` edits of the typed
 * word, at the smallest distance found, in vocabulary order.
 *
 * Why deletions find every such word: each edit of the rule (insert, delete, replace, swap two
 * neighbours) is undone by deleting one character from one or both sides (a swap: the same
 * character from both), so two words within k edits have a common string reached by at most k
 * deletions from each. The index keeps, for each word, the hashes of the strings made by
 * deleting up to as many characters as a query that could reach it may carry typos, and how
 * many each deleted. A query looks up its own deletions, takes the entries no deeper than its
 * own typos, and measures the distance to the few words they name (a hash collision only
 * brings in a word that the distance then turns away).
 *
 * An index never changes once made. `TypoIndex.of` makes the next one from the one before in
 * time proportional to the words that came or went: it shares the one before's table, marks the
 * words that went as gone, and puts the words that came in a small table of their own, until
 * those two are a quarter of the vocabulary and a new table is made.
 */
export class TypoIndex {
  private constructor(
    /** The vocabulary indexed: sorted, each word once. */
    readonly vocabulary: readonly string[],
    private readonly table: Table,
    /** Words that came since `table` was made (not in it). */
    private readonly added: Table | null,
    /** Words of `table` that went since. */
    private readonly gone: ReadonlySet<string>,
  ) {}

  /**
   * The index of `vocabulary` (sorted, each word once). Given the index of an earlier
   * vocabulary, it is made from that one: the same index when no word came or went.
   */
  static of(vocabulary: readonly string[], previous?: TypoIndex): TypoIndex {
    if (!previous) return new TypoIndex(vocabulary, tableOf(vocabulary), null, new Set());
    const { came, went } = sortedDifference(previous.vocabulary, vocabulary);
    if (came.length === 0 && went.length === 0) return previous;
    const gone = new Set(previous.gone);
    const added = new Set(previous.added?.words);
    for (const word of went) {
      if (!added.delete(word) && previous.table.has.has(word)) gone.add(word);
    }
    for (const word of came) {
      if (!gone.delete(word) && indexedDepth(word.length) >= 0) added.add(word);
    }
    if ((gone.size + added.size) * 4 > previous.table.words.length) {
      return new TypoIndex(vocabulary, tableOf(vocabulary), null, new Set());
    }
    return new TypoIndex(vocabulary, previous.table, added.size > 0 ? tableOf([...added]) : null, gone);
  }

  /** The words within `allowedTypos(word.length)` edits of `word`, at the smallest distance, in vocabulary order. */
  nearest(word: string): string[] {
    const limit = allowedTypos(word.length);
    if (limit === 0) return [];
    let best = limit + 1;
    let nearest: string[] = [];
    const measured = new Set<string>();
    const tables = this.added ? [this.table, this.added] : [this.table];
    forEachDeletion(word, limit, (hash) => {
      for (const table of tables) {
        const { keys, ids, depths, words } = table;
        for (let e = firstAtLeast(keys, hash); e < keys.length && keys[e] === hash; e++) {
          // A word's deletions deeper than this word's typos lead to no word within them.
          if (depths[e]! > limit) continue;
          const candidate = words[ids[e]!]!;
          if (measured.has(candidate)) continue;
          measured.add(candidate);
          if (table === this.table && this.gone.has(candidate)) continue;
          const distance = typoDistance(word, candidate, limit);
          if (distance < best) {
            best = distance;
            nearest = [candidate];
          } else if (distance === best && distance <= limit) {
            nearest.push(candidate);
          }
        }
      }
    });
    return nearest.sort(byText);
  }

  /** What the index holds, for measuring it: live words, words gone from its table, entries and their bytes. */
  stats(): { words: number; gone: number; entries: number; bytes: number } {
    const tables = this.added ? [this.table, this.added] : [this.table];
    return {
      words: tables.reduce((sum, t) => sum + t.words.length, 0) - this.gone.size,
      gone: this.gone.size,
      entries: tables.reduce((sum, t) => sum + t.keys.length, 0),
      bytes: tables.reduce((sum, t) => sum + t.keys.byteLength + t.ids.byteLength + t.depths.byteLength, 0),
    };
  }
}

/**
 * Words' deletions sorted by hash, in typed arrays: entry e is the hash `keys[e]` of a string
 * made by deleting `depths[e]` characters of `words[ids[e]]`.
 */
interface Table {
  words: string[];
  has: ReadonlySet<string>;
  keys: Uint32Array;
  ids: Int32Array;
  depths: Uint8Array;
}

function tableOf(vocabulary: readonly string[]): Table {
  const words = vocabulary.filter((word) => indexedDepth(word.length) >= 0);
  const capacity = words.reduce((sum, word) => sum + deletionCount(word.length), 0);
  const keys = new Uint32Array(capacity);
  // Each entry's word and depth in one number: id * 4 + depth.
  const payload = new Int32Array(capacity);
  let n = 0;
  words.forEach((word, id) => {
    forEachDeletion(word, indexedDepth(word.length), (hash, deleted) => {
      keys[n] = hash;
      payload[n++] = id * 4 + deleted;
    });
  });
  radixSortByKey(keys.subarray(0, n), payload.subarray(0, n));
  // A string made by deleting different characters of one word is kept once, at its least depth
  // (a word's deletions were listed shallowest first, and the sort kept that order).
  const out = { keys: new Uint32Array(n), ids: new Int32Array(n), depths: new Uint8Array(n) };
  let m = 0;
  for (let e = 0; e < n; e++) {
    const id = payload[e]! >> 2;
    if (m > 0 && out.keys[m - 1] === keys[e] && out.ids[m - 1] === id) continue;
    out.keys[m] = keys[e]!;
    out.ids[m] = id;
    out.depths[m++] = payload[e]! & 3;
  }
  return {
    words,
    has: new Set(words),
    keys: out.keys.slice(0, m),
    ids: out.ids.slice(0, m),
    depths: out.depths.slice(0, m),
  };
}

/** Sorts the pairs by key in place, keeping the order of equal keys: two passes of 16 bits. */
function radixSortByKey(keys: Uint32Array, payload: Int32Array): void {
  const tempKeys = new Uint32Array(keys.length);
  const tempPayload = new Int32Array(keys.length);
  radixPass(keys, payload, tempKeys, tempPayload, 0);
  radixPass(tempKeys, tempPayload, keys, payload, 16);
}

function radixPass(keys: Uint32Array, payload: Int32Array, toKeys: Uint32Array, toPayload: Int32Array, shift: number) {
  const starts = new Uint32Array(65_537);
  for (let i = 0; i < keys.length; i++) starts[((keys[i]! >>> shift) & 0xffff) + 1]!++;
  for (let d = 1; d < starts.length; d++) starts[d]! += starts[d - 1]!;
  for (let i = 0; i < keys.length; i++) {
    const at = starts[(keys[i]! >>> shift) & 0xffff]!++;
    toKeys[at] = keys[i]!;
    toPayload[at] = payload[i]!;
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

/** At most how many deletions of a word are indexed (fewer when some coincide). */
function deletionCount(length: number): number {
  const depth = indexedDepth(length);
  let count = depth >= 0 ? 1 : 0;
  let ways = 1;
  for (let d = 1; d <= depth && d <= length; d++) {
    ways = (ways * (length - d + 1)) / d;
    count += ways;
  }
  return count;
}

/**
 * Calls `visit` with the hash of the word and of each string made by deleting up to `depth`
 * of its characters (UTF-16 units, as `typoDistance` counts them; some strings may repeat),
 * shallowest first, and how many it deleted.
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

/** The words only in `after` (came) and those only in `before` (went), both sorted by code units. */
function sortedDifference(before: readonly string[], after: readonly string[]) {
  const came: string[] = [];
  const went: string[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const a = before[i];
    const b = after[j];
    if (b === undefined || (a !== undefined && a < b)) {
      went.push(a!);
      i++;
    } else if (a === undefined || b < a) {
      came.push(b);
      j++;
    } else {
      i++;
      j++;
    }
  }
  return { came, went };
}
