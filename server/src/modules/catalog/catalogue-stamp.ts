/** How often the catalogue's state is read for the stamp. */
const READ_EVERY_MS = 100;
/** A stamp not read again for this long is not trusted (reads failing, or the process starved). */
const TRUSTED_FOR_MS = READ_EVERY_MS * 5;

/** The reads whose answer is made from the catalogue's index alone: lists, searches, suggestions. */
function isListUrl(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return (
    path === '/api/product' ||
    path === '/api/product/search' ||
    path === '/api/product/suggestions' ||
    path.startsWith('/api/product/category/')
  );
}

/**
 * What the catalogue's lists are made from, as a stamp for the response cache (SQLite). A list
 * is answered from the process's index, which changes only when the catalogue's version moves on
 * (a staff write, in any process) or the log of stock crossing zero grows (an order or a restock,
 * in any process): both are read in one small statement every 100 ms, and while neither moves a
 * list already worked out is still the answer, however long ago it was worked out. A product's
 * own page shows its exact stock, which that log does not follow: it has no stamp. PostgreSQL's
 * lists follow notifications instead, and keep the cache's time to live.
 */
export class CatalogueStamp {
  #value: string | null = null;
  #readAt = 0;
  #timer: NodeJS.Timeout | null = null;
  #reading = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** The stamp of a URL's answer: the catalogue's for a list, null for any other or while not known. */
  readonly forUrl = (url: string): string | null => {
    if (this.#value === null || this.now() - this.#readAt > TRUSTED_FOR_MS) return null;
    return isListUrl(url) ? this.#value : null;
  };

  /** Takes a state read (tests drive it by hand; `start` reads it on a timer). */
  record(state: { version: number; stockChange: number } | null): void {
    this.#value = state && `${state.version}:${state.stockChange}`;
    this.#readAt = this.now();
  }

  start(read: () => Promise<{ version: number; stockChange: number }>): void {
    if (this.#timer) return;
    const tick = async () => {
      if (this.#reading) return;
      this.#reading = true;
      try {
        this.record(await read());
      } catch {
        // The database away: no stamp, so answers live only as long as the time to live.
        this.record(null);
      } finally {
        this.#reading = false;
      }
    };
    void tick();
    this.#timer = setInterval(() => void tick(), READ_EVERY_MS);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#value = null;
  }
}
