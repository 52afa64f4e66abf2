/** Thrown by `Semaphore.run` when the queue is full: the caller answers "busy" at once. */
export class QueueFullError extends Error {
  constructor() {
    super('queue full');
    this.name = 'QueueFullError';
  }
}

/**
 * Runs at most `concurrency` tasks at a time; up to `queueLimit` more wait their turn (first
 * come, first served), and any beyond that are refused at once rather than left waiting.
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.queueLimit) throw new QueueFullError();
      // The finishing task hands its place over directly: `running` stays the same.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  get queued(): number {
    return this.waiting.length;
  }
}
