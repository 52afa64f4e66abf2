import type { Kysely } from 'kysely';
import type { DatabaseNotifications } from '../../db/connect.ts';
import type { Listener } from '../../db/pg-listener.ts';
import type { Database } from '../../db/schema.ts';
import type { CatalogIndex } from './catalog-index.ts';
import * as repo from './catalog.repository.ts';
import type { HeldCatalogue } from './held-catalogue.ts';

/** The channel migration 014's triggers notify. */
export const CATALOGUE_CHANNEL = 'shop_catalogue';

export interface FeedLog {
  info(message: string): void;
  warn(details: object, message: string): void;
}

export interface FeedTimings {
  /** How often the listening connection is asked whether it still answers. */
  heartbeatMs: number;
  /** How long a ping may take before the connection counts as lost. */
  pingTimeoutMs: number;
  /** The first wait before listening again; it doubles up to `maxRetryMs`. */
  retryMs: number;
  maxRetryMs: number;
}

const defaultTimings: FeedTimings = { heartbeatMs: 2000, pingTimeoutMs: 2000, retryMs: 500, maxRetryMs: 10_000 };

/** What lists are answered from while the feed is live: no statement to the database. */
export interface LiveCatalogue {
  /** Its stock current: which colours and sizes of each product are in stock. */
  index: Promise<CatalogIndex>;
}

/**
 * Keeps a process's HeldCatalogue current on PostgreSQL by LISTEN, so a list needs no round
 * trip: the triggers of migration 014 notify every process when a change commits, naming the
 * product one of whose variants' stock crossed zero or the catalogue whose version moved on, and only that is
 * read again.
 *
 * Notifications arrive a moment after the commit. So that this process's own writes (an order,
 * a staff edit, whatever wrote through its database handle) show at once, a list that follows
 * a write to a table that notifies first pings its own listening connection: the ping comes back after every
 * notification committed before it, and what they named is read before the list is answered.
 *
 * While the connection is down (and until, listening anew, everything has been read again),
 * `current()` answers null and each list asks the database as on SQLite; the feed reconnects by
 * itself. A connection that dies without a word is found by a ping every `heartbeatMs`.
 */
export class CatalogueFeed {
  #listener: Listener | null = null;
  /** Each connection attempt's number: what an older one reports is ignored. */
  #generation = 0;
  #live = false;
  #closed = false;
  #outage = false;
  #schema: string | null = null;
  /** Writes of this process known to be read (writesCommitted() when that was made sure of). */
  #confirmedWrites = 0;
  #barrier: { covers: number; done: Promise<void> } | null = null;
  #retryMs: number;
  #reconnect: NodeJS.Timeout | null = null;
  #heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly held: HeldCatalogue,
    private readonly db: Kysely<Database>,
    private readonly notifications: DatabaseNotifications,
    private readonly log: FeedLog,
    private readonly timings: FeedTimings = defaultTimings,
  ) {
    this.#retryMs = timings.retryMs;
  }

  start(): void {
    if (this.#generation === 0) void this.#connect();
  }

  /** True while lists are answered without asking the database. */
  get live(): boolean {
    return this.#live;
  }

  /** The catalogue to answer from without asking the database, or null when it must be asked. */
  async current(): Promise<LiveCatalogue | null> {
    if (!this.#live) return null;
    const generation = this.#generation;
    try {
      const writes = this.notifications.writesCommitted();
      if (writes > this.#confirmedWrites) await this.#barrierCovering(writes);
      else await this.held.settled();
    } catch (error) {
      this.#drop(generation, error as Error);
      return null;
    }
    return this.#live ? this.held.current() : null;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#generation += 1;
    this.#live = false;
    if (this.#reconnect) clearTimeout(this.#reconnect);
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    const listener = this.#listener;
    this.#listener = null;
    await listener?.close();
  }

  /** Resolves once every write this process had committed when `writes` was counted is read. */
  #barrierCovering(writes: number): Promise<void> {
    if (this.#barrier && this.#barrier.covers >= writes) return this.#barrier.done;
    const covers = this.notifications.writesCommitted();
    const done = this.#listener!.ping(this.timings.pingTimeoutMs)
      .then(() => this.held.settled())
      .then(() => {
        this.#confirmedWrites = Math.max(this.#confirmedWrites, covers);
      });
    const barrier = { covers, done };
    this.#barrier = barrier;
    void done
      .finally(() => {
        if (this.#barrier === barrier) this.#barrier = null;
      })
      .catch(() => {});
    return done;
  }

  async #connect(): Promise<void> {
    this.#reconnect = null;
    if (this.#closed) return;
    const generation = (this.#generation += 1);
    try {
      this.#schema ??= await repo.catalogueSchema(this.db);
      const listener = await this.notifications.listen(
        [CATALOGUE_CHANNEL],
        (_channel, payload) => this.#notified(generation, payload),
        (error) => this.#drop(generation, error),
        `shop catalogue ${process.pid}`,
      );
      if (generation !== this.#generation) {
        await listener.close();
        return;
      }
      this.#listener = listener;
      // Whatever committed before listening began is read now; whatever commits after is notified.
      const covers = this.notifications.writesCommitted();
      this.held.readEverything();
      await this.held.settled();
      if (generation !== this.#generation) return;
      this.#confirmedWrites = Math.max(this.#confirmedWrites, covers);
      this.#live = true;
      this.#retryMs = this.timings.retryMs;
      if (this.#outage) this.log.info('catalogue notifications heard again: lists are answered from memory');
      this.#outage = false;
      this.#heartbeat ??= setInterval(() => this.#beat(), this.timings.heartbeatMs).unref();
    } catch (error) {
      this.#drop(generation, error as Error);
    }
  }

  #beat(): void {
    const listener = this.#listener;
    if (!this.#live || !listener) return;
    const generation = this.#generation;
    listener.ping(this.timings.pingTimeoutMs).catch((error: Error) => this.#drop(generation, error));
  }

  #notified(generation: number, payload: string): void {
    if (generation !== this.#generation) return;
    let change: { schema?: unknown; product?: unknown; catalogue?: unknown };
    try {
      change = JSON.parse(payload) as typeof change;
    } catch {
      return;
    }
    // One database may hold several shops' schemas: their changes are not this catalogue's.
    if (change.schema !== this.#schema) return;
    if (typeof change.product === 'string') this.held.productChanged(change.product);
    if (change.catalogue === true) this.held.catalogueChanged();
    // Read at once, not at the next list: another process's list shows it within moments.
    this.held.settled().catch((error: Error) => this.#drop(generation, error));
  }

  /** Stops answering from memory and listens again after a pause. */
  #drop(generation: number, error: Error): void {
    if (generation !== this.#generation || this.#closed) return;
    this.#generation += 1;
    this.#live = false;
    const listener = this.#listener;
    this.#listener = null;
    void listener?.close();
    if (!this.#outage) {
      this.log.warn(
        { err: error.message },
        'catalogue notifications not heard: each list asks the database until they are again',
      );
    }
    this.#outage = true;
    this.#reconnect = setTimeout(() => void this.#connect(), this.#retryMs);
    this.#reconnect.unref();
    this.#retryMs = Math.min(this.#retryMs * 2, this.timings.maxRetryMs);
  }
}
