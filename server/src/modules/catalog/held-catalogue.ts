import v8 from 'node:v8';
import vm from 'node:vm';
import type { Kysely } from 'kysely';
import type { VariantKey } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { CatalogIndex } from './catalog-index.ts';
import * as repo from './catalog.repository.ts';

/**
 * A full garbage collection. Reading the catalogue makes an object per product and more, dead once
 * the index is made; V8 would leave them, and the memory they took, until its old generation
 * next fills up (at 100,000 products, about 150 MB more). Collected at once instead: an index is
 * made when the catalogue changes, not per request, and its reading costs far more than this.
 */
const collectGarbage: () => void = (() => {
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return () => {};
  }
})();

/** Past this many products named at once, the whole index is read again instead. */
const MAX_PRODUCTS_PER_READ = 500;

/**
 * What one process holds of the catalogue: the index of the products on sale as of a version
 * of the catalogue, with which colours and sizes of each are in stock.
 *
 * The index is read again whole when the catalogue's version moves on, once however many
 * requests wait. Stock is kept product by product: a product named as changed (by PostgreSQL's
 * notifications, `productChanged`; by SQLite's log of stock changes, `catchUp`) is read again
 * alone and its bits changed in place, so an order that sells a variant out never rebuilds the
 * index. Reads of what was named run one round at a time; each takes everything named before it
 * started, so `settled()` waits for no more than what was named before it was called.
 *
 * Stock read while a new index is being read may be newer than what that index read: it is
 * applied to the new index too once it is there (a read older than the index is put right by the
 * change after it, which is named in turn).
 */
export class HeldCatalogue {
  #version = 0;
  #index: Promise<CatalogIndex> | null = null;
  /** The index's stock has been read whole since notifications were last heard (PostgreSQL). */
  #stockKnown = false;
  readonly #named = new Set<string>();
  #catalogueNamed = false;
  #everythingNamed = false;
  #inFlight: Promise<void> | null = null;
  #queued: Promise<void> | null = null;
  /** A clock of reads: when each index read was asked for and each stock read came back. */
  #clock = 0;
  #indexReads = 0;
  /** Stock read while an index was being read, with when it came back. */
  readonly #recent = new Map<string, { at: number; stock: VariantKey[] }>();
  /** SQLite: the last change of the stock log applied. */
  #stockChange = 0;
  #logRead: { upTo: number; done: Promise<void> } | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /** The index held and its version, if any (it may be older than the database's). */
  held(): { version: number; index: Promise<CatalogIndex> } | null {
    return this.#index && { version: this.#version, index: this.#index };
  }

  /** The index of `version` of the catalogue: the one held if it is that recent, else read again. */
  indexFor(version: number, { force = false } = {}): Promise<CatalogIndex> {
    if (this.#index && this.#version >= version && !force) return this.#index;
    // The index before is where the new one's typo index starts from (a failed one: afresh).
    const previous = this.#index?.catch(() => undefined);
    const issued = ++this.#clock;
    this.#indexReads += 1;
    const index = Promise.all([repo.findCatalogue(this.db), previous])
      .then(([{ products, categories }, before]) => {
        const made = new CatalogIndex(products, categories, undefined, before);
        for (const [id, read] of this.#recent) if (read.at > issued) made.setStock(id, read.stock);
        // Once what was read is unreachable: after this callback, when the promise has settled.
        setImmediate(collectGarbage);
        return made;
      })
      .finally(() => {
        this.#indexReads -= 1;
        if (this.#indexReads === 0) this.#recent.clear();
      });
    this.#version = Math.max(version, this.#version);
    this.#index = index;
    // A failed read is not kept: the next request tries again.
    index.catch(() => {
      if (this.#index === index) {
        this.#index = null;
        this.#version = 0;
        this.#stockKnown = false;
      }
    });
    return index;
  }

  /** Stock just read for some products: into the index held (and any being read). Answers whether it changed. */
  async applyStock(stock: ReadonlyMap<string, VariantKey[]>, index?: CatalogIndex): Promise<boolean> {
    const at = ++this.#clock;
    if (this.#indexReads > 0) for (const [id, list] of stock) this.#recent.set(id, { at, stock: list });
    const target = index ?? (await this.#index);
    let changed = false;
    if (target) for (const [id, list] of stock) changed = target.setStock(id, list) || changed;
    return changed;
  }

  /**
   * SQLite: the index as of the catalogue's version and the stock log's last change, read by the
   * list's one statement. The index is read again if the version moved on; if only stock
   * changed, the products the log names since the last change read are read again, alone.
   */
  async catchUp(state: { version: number; stockChange: number }): Promise<CatalogIndex> {
    if (!this.#index || state.version > this.#version) {
      // Read after the log's last change: the index holds every change up to it.
      const reading = this.indexFor(state.version);
      const index = await reading;
      if (this.#index === reading) this.#stockChange = Math.max(this.#stockChange, state.stockChange);
      return index;
    }
    if (state.stockChange > this.#stockChange) await this.#readLog(state.stockChange);
    return this.#index;
  }

  #readLog(upTo: number): Promise<void> {
    if (this.#logRead && this.#logRead.upTo >= upTo) return this.#logRead.done;
    const before = this.#logRead?.done.catch(() => {}) ?? Promise.resolve();
    const done = before.then(async () => {
      const since = this.#stockChange;
      if (since >= upTo) return;
      const changed = await repo.stockChangedSince(this.db, since);
      if (!changed) {
        // More changes than the log keeps: every product is read again.
        const { version, stockChange } = await repo.catalogueState(this.db);
        await this.indexFor(version, { force: true });
        this.#stockChange = Math.max(this.#stockChange, stockChange);
        return;
      }
      await this.applyStock(await repo.findStockOf(this.db, changed.products));
      this.#stockChange = Math.max(this.#stockChange, changed.last);
    });
    const read = { upTo, done };
    this.#logRead = read;
    void done
      .finally(() => {
        if (this.#logRead === read) this.#logRead = null;
      })
      .catch(() => {});
    return done;
  }

  /** The index, its stock current, as last read; null before `readEverything` has run (PostgreSQL). */
  current(): { index: Promise<CatalogIndex> } | null {
    return this.#index && this.#stockKnown ? { index: this.#index } : null;
  }

  productChanged(id: string): void {
    this.#named.add(id);
  }

  catalogueChanged(): void {
    this.#catalogueNamed = true;
  }

  /** Everything is read again: after listening began (anew), when what changed meanwhile is unknown. */
  readEverything(): void {
    this.#everythingNamed = true;
  }

  /** Resolves once everything named before the call has been read again; rejects if a read failed. */
  settled(): Promise<void> {
    if (this.#named.size > 0 || this.#catalogueNamed || this.#everythingNamed) {
      return (this.#queued ??= this.#round(this.#inFlight));
    }
    return this.#inFlight ?? Promise.resolve();
  }

  #round(previous: Promise<void> | null): Promise<void> {
    const round: Promise<void> = (previous ?? Promise.resolve())
      .catch(() => {})
      .then(() => {
        this.#queued = null;
        this.#inFlight = round;
        return this.#read();
      })
      .finally(() => {
        if (this.#inFlight === round) this.#inFlight = null;
      });
    return round;
  }

  /** One round: the catalogue's version (the index read again if it moved on) and the stock named. */
  async #read(): Promise<void> {
    const everything = this.#everythingNamed || this.#named.size > MAX_PRODUCTS_PER_READ;
    const ids = everything ? [] : [...this.#named];
    this.#named.clear();
    this.#catalogueNamed = false;
    this.#everythingNamed = false;
    try {
      // The version is read first: whatever commits after it moves it on again and is read next.
      const { version, stock } = await repo.versionAndStock(this.db, ids);
      if (everything) {
        await this.indexFor(version, { force: true });
        this.#stockKnown = true;
      } else {
        await this.indexFor(version);
        await this.applyStock(stock);
      }
    } catch (error) {
      // What this round should have read is unknown now: the next one reads everything.
      this.#everythingNamed = true;
      throw error;
    }
  }
}
