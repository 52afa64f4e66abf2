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

  it('drops a waiting task whose signal is aborted: it never runs and its place goes to the next', async () => {
    const semaphore = new Semaphore(1, 2);
    const first = gate();
    const ran: string[] = [];
    const running = semaphore.run(async () => {
      await first.opened;
      ran.push('first');
    });
    const abandoned = new AbortController();
    const dropped = semaphore.run(async () => void ran.push('dropped'), abandoned.signal);
    const next = semaphore.run(async () => void ran.push('next'));
    expect(semaphore.queued).toBe(2);
    abandoned.abort(new Error('gone'));
    await expect(dropped).rejects.toThrow('gone');
    expect(semaphore.queued).toBe(1);
    first.open();
    await Promise.all([running, next]);
    expect(ran).toEqual(['first', 'next']);
    expect(await semaphore.run(async () => 'free')).toBe('free');
    await expect(semaphore.run(async () => 'never', AbortSignal.abort())).rejects.toThrow();
  });
});
