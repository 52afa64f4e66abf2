import { describe, expect, it } from 'vitest';
import { QueueFullError, Semaphore } from './semaphore.ts';

/** A task that finishes when told to, recording how many ran at once. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('Semaphore', () => {
  it('runs at most `concurrency` tasks at once, in arrival order, and refuses beyond the queue', async () => {
    const semaphore = new Semaphore(2, 3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 6 }, gate);
    const runs = gates.map((g, i) =>
      semaphore.run(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await g.opened;
        running -= 1;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(semaphore.queued).toBe(3);
    await expect(runs[5]).rejects.toBeInstanceOf(QueueFullError);

    gates[1]!.open();
    expect(await runs[1]).toBe(1);
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(runs.slice(0, 5))).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(semaphore.queued).toBe(0);
  });

  it('gives the place back when a task fails', async () => {
    const semaphore = new Semaphore(1, 0);
    await expect(semaphore.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await semaphore.run(async () => 'next')).toBe('next');
  });
});
