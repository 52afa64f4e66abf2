/**
 * Buffers kept in memory by key, the least recently used dropped first once there are more than
 * `maxEntries` of them or they hold more than `maxBytes` between them. A buffer larger than
 * `maxBytes` on its own is not kept.
 */
export class ByteCache {
  private readonly entries = new Map<string, Buffer>();
  private held = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
  ) {}

  get size() {
    return this.entries.size;
  }

  get bytes() {
    return this.held;
  }

  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: moved to the end, it is the most recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: Buffer) {
    this.delete(key);
    if (value.length > this.maxBytes || this.maxEntries < 1) return;
    this.entries.set(key, value);
    this.held += value.length;
    for (const [oldest, dropped] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.held <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.held -= dropped.length;
    }
  }

  delete(key: string) {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.held -= value.length;
  }
}
