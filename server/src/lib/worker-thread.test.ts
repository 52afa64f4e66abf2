import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerEntry } from '../test/worker-entry.ts';
import { ThreadGone, workerThread, type WorkerThread } from './worker-thread.ts';

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
       });`,
    );
    thread = workerThread(entry);
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
});
