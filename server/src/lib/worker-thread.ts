import os from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';

type Handlers = Record<string, (...args: never[]) => unknown>;

type Request = { id: number; name: string; args: unknown[] };
type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

/**
 * Inside a worker thread: answers each call with its handler's result, or with its error's
 * message. Calls are taken in turn; an async handler's next call starts when it has answered.
 */
export function serveCalls(handlers: Handlers) {
  if (!parentPort) throw new Error('serveCalls runs inside a worker thread');
  const port = parentPort;
  let queue = Promise.resolve();
  port.on('message', ({ id, name, args }: Request) => {
    queue = queue.then(async () => {
      let answer: Answer;
      try {
        const handler = handlers[name];
        if (!handler) throw new Error(`no handler named ${name}`);
        answer = { id, ok: true, value: await handler(...(args as never[])) };
      } catch (error) {
        answer = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
      }
      port.postMessage(answer);
    });
  });
}

/**
 * Inside a worker thread: gives way to the process's other threads when the cores are busy.
 * Linux keeps a nice value per thread, so this lowers the calling thread only; elsewhere it
 * would lower the whole process, so it is left alone there.
 */
export function lowerThisThreadsPriority(nice = 10) {
  if (process.platform !== 'linux') return;
  try {
    os.setPriority(nice);
  } catch {
    // Not allowed here (a sandbox): the thread keeps the process's priority.
  }
}

/** The thread ended (crashed, or was stopped) before answering: the call can be made elsewhere. */
export class ThreadGone extends Error {}

export interface WorkerThread {
  call<T>(name: string, ...args: unknown[]): Promise<T>;
  close(): Promise<void>;
}

/**
 * A worker thread running `entry` (which calls serveCalls), started at the first call and again
 * at the next call after it ended. Its calls never hold this thread's event loop.
 */
export function workerThread(entry: URL): WorkerThread {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  const ended = (which: Worker, why: string) => {
    if (worker !== which) return;
    worker = null;
    for (const { reject } of pending.values()) reject(new ThreadGone(why));
    pending.clear();
  };
  const started = () => {
    if (worker) return worker;
    const thread = new Worker(entry);
    thread.on('message', (answer: Answer) => {
      const call = pending.get(answer.id);
      if (!call) return;
      pending.delete(answer.id);
      if (answer.ok) call.resolve(answer.value);
      else call.reject(new Error(answer.message));
    });
    thread.on('error', (error) => ended(thread, `worker thread failed: ${error.message}`));
    thread.on('exit', (code) => ended(thread, `worker thread exited (${code})`));
    // An idle thread does not keep the process alive.
    thread.unref();
    worker = thread;
    return thread;
  };

  return {
    call<T>(name: string, ...args: unknown[]) {
      const thread = started();
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        thread.postMessage({ id, name, args } satisfies Request);
      });
    },
    async close() {
      const thread = worker;
      if (thread) {
        ended(thread, 'worker thread stopped');
        await thread.terminate();
      }
    },
  };
}
