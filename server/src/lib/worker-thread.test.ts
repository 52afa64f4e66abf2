import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerEntry } from '../test/worker-entry.ts';
import { CallTimedOut, ThreadGone, workerThread, type WorkerThread } from './worker-thread.ts';

describe('workerThread', () => {
  let dir: string;
  let thread: WorkerThread;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-thread-'));
    const entry = await workerEntry(
      dir,
      'calls',
      `import { serveCalls } from './lib/worker-thread.ts';
       serveCalls({
         add: (a: number, b: number) => a + b,
         later: async (text: string) => { await new Promise((r) => setTimeout(r, 20)); return text.toUpperCase(); },
         bytes: (n: number) => new Uint8Array(n).fill(7),
         refuse: (why: string) => { throw new Error(why); },
         end: () => process.exit(3),
         spin: () => { for (;;); },
         wait: async (ms: number) => { await new Promise((r) => setTimeout(r, ms)); return ms; },
         fn: () => () => 1,
       });`,
    );
    thread = workerThread(entry, { callTimeoutMs: 1000 });
  });
  afterAll(async () => {
    await thread?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers calls, in any number at once, with their results', async () => {
    const answers = await Promise.all([
      thread.call('add', 2, 3),
      thread.call('later', 'kurta'),
      thread.call('add', 1, 1),
    ]);
    expect(answers).toEqual([5, 'KURTA', 2]);
    expect(await thread.call('bytes', 3)).toEqual(new Uint8Array([7, 7, 7]));
  });

  it("carries a handler's error back as an error with its message", async () => {
    await expect(thread.call('refuse', 'no template named x')).rejects.toThrow(/^no template named x$/);
    await expect(thread.call('refuse', 'x')).rejects.not.toBeInstanceOf(ThreadGone);
    await expect(thread.call('missing')).rejects.toThrow('no handler named missing');
  });

  it('fails the calls in hand when the thread ends, and starts it again for the next call', async () => {
    const ending = thread.call('end');
    const queued = thread.call('later', 'lost');
    await expect(ending).rejects.toBeInstanceOf(ThreadGone);
    await expect(queued).rejects.toBeInstanceOf(ThreadGone);
    expect(await thread.call('add', 20, 22)).toBe(42);
  });

  it('answers a result or arguments that cannot cross threads with an error, and goes on', async () => {
    await expect(thread.call('fn')).rejects.toThrow(/could not be cloned/);
    await expect(thread.call('add', () => 1, 2)).rejects.toThrow(/could not be cloned/);
    expect(await thread.call('add', 1, 2)).toBe(3);
  });

  it('stops a thread stuck on a call: the call times out, and so do the ones behind it (for later, not elsewhere)', async () => {
    const stuck = thread.call('spin');
    const behind = thread.call('add', 1, 1);
    await expect(stuck).rejects.toBeInstanceOf(CallTimedOut);
    await expect(stuck).rejects.toThrow('spin was not answered within 1000 ms');
    // The thread was not gone: it was stopped. The call behind is for later, not for elsewhere.
    await expect(behind).rejects.toBeInstanceOf(CallTimedOut);
    expect(await thread.call('add', 40, 2)).toBe(42);
  });

  it('times only the call the thread is working on: calls waiting their turn are not cut short', async () => {
    const answers = await Promise.all([thread.call('wait', 600), thread.call('wait', 600), thread.call('wait', 600)]);
    expect(answers).toEqual([600, 600, 600]);
  });
});

describe('a worker thread whose entry fails to load', () => {
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-thread-broken-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is started again only a few times, then not until the pause is over', async () => {
    const entry = await workerEntry(dir, 'broken', `throw new Error('cannot load');`);
    const thread = workerThread(entry, { failedStartsAllowed: 2, restartPauseMs: 1500 });
    const starts = () => thread.call('add', 1, 2).catch((error: Error) => error);
    const first = await starts();
    expect(first).toBeInstanceOf(ThreadGone);
    expect((first as Error).message).toMatch(/cannot load/);
    expect(((await starts()) as Error).message).toMatch(/cannot load/);
    // Paused: the call fails at once, without starting a thread.
    const began = Date.now();
    const paused = await starts();
    expect(paused).toBeInstanceOf(ThreadGone);
    expect((paused as Error).message).toMatch(/cannot load/);
    expect(Date.now() - began).toBeLessThan(50);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(((await starts()) as Error).message).toMatch(/cannot load/);
    await thread.close();
  });

  it('a thread stopped for calls that take too long rests as well, and its calls stay for later', async () => {
    const entry = await workerEntry(
      dir,
      'stuck',
      `import { serveCalls } from './lib/worker-thread.ts';
       serveCalls({ hang: () => new Promise(() => {}) });`,
    );
    const thread = workerThread(entry, { callTimeoutMs: 200, failedStartsAllowed: 2, restartPauseMs: 60_000 });
    await expect(thread.call('hang')).rejects.toBeInstanceOf(CallTimedOut);
    await expect(thread.call('hang')).rejects.toBeInstanceOf(CallTimedOut);
    // Resting: no thread is started, and the call is not one to make elsewhere.
    const began = Date.now();
    await expect(thread.call('hang')).rejects.toBeInstanceOf(CallTimedOut);
    expect(Date.now() - began).toBeLessThan(50);
    await thread.close();
  });
});
