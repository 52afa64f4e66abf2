import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { CatalogIndex } from './catalog-index.ts';
import * as repo from './catalog.repository.ts';

/** Past this many products named at once, every product's stock is read again instead. */
const MAX_PRODUCTS_PER_READ = 500;

/**
 * What one process holds of the catalogue: the index of the products on sale as of a version
 * of the catalogue, and (once `readEverything` has run) which products have some size in stock.
 *
 * The index is read again whole when the catalogue's version moves on, once however many
 * requests wait. Stock is kept product by product: a change named by `productChanged` is read
 * again for that product alone, so an order that sells a product out never rebuilds the index.
 * Reads of what was named run one round at a time; each takes everything named before it
 * started, so `settled()` waits for no more than what was named before it was called.
 */
export class HeldCatalogue {
  #version = 0;
  #index: Promise<CatalogIndex> | null = null;
  #inStock: Set<string> | null = null;
  readonly #named = new Set<string>();
  #catalogueNamed = false;
  #everythingNamed = false;
  #inFlight: Promise<void> | null = null;
  #queued: Promise<void> | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /** The index held and its version, if any (it may be older than the database's). */
  held(): { version: number; index: Promise<CatalogIndex> } | null {
    return this.#index && { version: this.#version, index: this.#index };
  }

  /** The index of `version` of the catalogue: the one held if it is that recent, else read again. */
  indexFor(version: number): Promise<CatalogIndex> {
    if (this.#index && this.#version >= version) return this.#index;
    // The index before is where the new one's typo index starts from (a failed one: afresh).
    const previous = this.#index?.catch(() => undefined);
    const index = Promise.all([repo.findCatalogue(this.db), previous]).then(
      ([{ products, categories }, before]) => new CatalogIndex(products, categories, undefined, before),
    );
    this.#version = version;
    this.#index = index;
    // A failed read is not kept: the next request tries again.
    index.catch(() => {
      if (this.#index === index) {
        this.#index = null;
        this.#version = 0;
      }
    });
    return index;
  }

  /** The index and the products in stock as last read; null before `readEverything` has run. */
  current(): { index: Promise<CatalogIndex>; inStock: ReadonlySet<string> } | null {
    return this.#index && this.#inStock && { index: this.#index, inStock: this.#inStock };
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
    const everything = this.#everythingNamed || !this.#inStock || this.#named.size > MAX_PRODUCTS_PER_READ;
    const ids = everything ? [] : [...this.#named];
    this.#named.clear();
    this.#catalogueNamed = false;
    this.#everythingNamed = false;
    try {
      // The version is read first: whatever commits after it moves it on again and is read next.
      const { version, inStock } = await repo.versionAndStock(this.db, ids);
      if (everything) {
        this.#inStock = await repo.findAllInStock(this.db);
      } else {
        for (const id of ids) {
          if (inStock.has(id)) this.#inStock!.add(id);
          else this.#inStock!.delete(id);
        }
      }
      await this.indexFor(version);
    } catch (error) {
      // What this round should have read is unknown now: the next one reads everything.
      this.#everythingNamed = true;
      throw error;
    }
  }
}
