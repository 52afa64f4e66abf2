import os from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';

type Handlers = Record<string, (...args: never[]) => unknown>;

type Request = { id: number; name: string; args: unknown[] };
type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

function messageOf(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Inside a worker thread: answers each call with its handler's result, or with its error's
 * message. Calls are taken in turn; an async handler's next call starts when it has answered.
 * A result that cannot cross threads (a function, say) is answered as an error too, so no call
 * waits for an answer that never comes.
 */
export function serveCalls(handlers: Handlers) {
  if (!parentPort) throw new Error('serveCalls runs inside a worker thread');
  const port = parentPort;
  let queue = Promise.resolve();
  port.on('message', ({ id, name, args }: Request) => {
    queue = queue.then(async () => {
      try {
        const handler = handlers[name];
        if (!handler) throw new Error(`no handler named ${name}`);
        port.postMessage({ id, ok: true, value: await handler(...(args as never[])) } satisfies Answer);
      } catch (error) {
        port.postMessage({ id, ok: false, message: messageOf(error) } satisfies Answer);
      }
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

/**
 * The thread ended (crashed) before answering, or it cannot be started just now (its entry
 * keeps failing to load): the call can be made elsewhere.
 */
export class ThreadGone extends Error {}

/**
 * The call was not answered in time, or was waiting behind one that was not, or the thread is
 * resting after calls that were not: the thread was stopped, and the next call starts a new one.
 * Made again later it may well succeed; made here instead it could hold this thread as long.
 */
export class CallTimedOut extends Error {
  /** Worth trying again later (the outbox reads this). */
  readonly transient = true;
}

export interface WorkerThreadOptions {
  /** The longest the thread may work on one call before it is stopped (default 60 s). */
  callTimeoutMs?: number;
  /**
   * Threads in a row that may end without answering anything (or be stopped for a call that took
   * too long) before starting pauses (default 3).
   */
  failedStartsAllowed?: number;
  /** How long starting pauses then: calls fail at once (default 60 s). */
  restartPauseMs?: number;
}

export interface WorkerThread {
  call<T>(name: string, ...args: unknown[]): Promise<T>;
  close(): Promise<void>;
}

/**
 * A worker thread running `entry` (which calls serveCalls), started at the first call and again
 * at the next call after it ended. Its calls never hold this thread's event loop.
 *
 * The thread takes calls in turn, so only the call it is working on is timed; one that takes too
 * long stops the thread, and it and the calls behind it fail with CallTimedOut. A thread that
 * keeps ending before it answers anything (its entry fails to load) or keeps being stopped so is
 * not started at every call: after a few such ends in a row, starting pauses for a while, and
 * calls fail at once with ThreadGone or CallTimedOut, as the last end was.
 */
export function workerThread(entry: URL, options: WorkerThreadOptions = {}): WorkerThread {
  const callTimeoutMs = options.callTimeoutMs ?? 60_000;
  const failedStartsAllowed = options.failedStartsAllowed ?? 3;
  const restartPauseMs = options.restartPauseMs ?? 60_000;
  type Running = { worker: Worker; answered: boolean };
  type Pending = {
    name: string;
    resolve: (value: unknown) => void;
    reject: (error: Error) => void;
    timer: NodeJS.Timeout | null;
  };
  let current: Running | null = null;
  let failedStarts = 0;
  let pause: { until: number; error: () => Error } | null = null;
  let nextId = 0;
  // In the order the thread takes them.
  const pending = new Map<number, Pending>();

  const settle = (id: number) => {
    const call = pending.get(id);
    if (!call) return null;
    pending.delete(id);
    if (call.timer) clearTimeout(call.timer);
    return call;
  };
  /** Times the call the thread is working on: the first not yet answered. */
  const timeFirst = () => {
    const running = current;
    const first = pending.entries().next().value;
    if (!running || !first || first[1].timer) return;
    const [id, call] = first;
    call.timer = setTimeout(() => timedOut(running, id, call.name), callTimeoutMs);
    call.timer.unref();
  };
  const ended = (which: Running, failure: () => Error, counts: boolean) => {
    if (current !== which) return;
    current = null;
    if (!counts) failedStarts = 0;
    else if (++failedStarts >= failedStartsAllowed) pause = { until: Date.now() + restartPauseMs, error: failure };
    for (const id of [...pending.keys()]) settle(id)!.reject(failure());
  };
  const start = (): Running | null => {
    if (current) return current;
    if (pause && Date.now() < pause.until) return null;
    const running: Running = { worker: new Worker(entry), answered: false };
    running.worker.on('message', (answer: Answer) => {
      running.answered = true;
      const call = settle(answer.id);
      timeFirst();
      if (!call) return;
      if (answer.ok) call.resolve(answer.value);
      else call.reject(new Error(answer.message));
    });
    const gone = (why: string) => ended(running, () => new ThreadGone(why), !running.answered);
    running.worker.on('error', (error) => gone(`worker thread failed: ${error.message}`));
    running.worker.on('exit', (code) => gone(`worker thread exited (${code})`));
    // An idle thread does not keep the process alive.
    running.worker.unref();
    current = running;
    return running;
  };
  const timedOut = (running: Running, id: number, name: string) => {
    const call = settle(id);
    if (!call) return;
    const why = `${name} was not answered within ${callTimeoutMs} ms`;
    call.reject(new CallTimedOut(why));
    ended(running, () => new CallTimedOut(`worker thread stopped: ${why}`), true);
    void running.worker.terminate();
  };

  return {
    call<T>(name: string, ...args: unknown[]) {
      const running = start();
      if (!running) return Promise.reject(pause!.error());
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { name, resolve: resolve as (value: unknown) => void, reject, timer: null });
        try {
          running.worker.postMessage({ id, name, args } satisfies Request);
        } catch (error) {
          // Arguments that cannot cross threads: this call fails, the thread stays.
          settle(id);
          reject(error instanceof Error ? error : new Error(messageOf(error)));
        }
        timeFirst();
      });
    },
    async close() {
      const running = current;
      if (running) {
        ended(running, () => new ThreadGone('worker thread stopped'), false);
        await running.worker.terminate();
      }
    },
  };
}
