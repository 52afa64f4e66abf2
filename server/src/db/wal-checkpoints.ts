/**
 * SQLite's WAL checkpoints, made by a thread of their own. A checkpoint copies what the
 * write-ahead log holds back into the database file and waits for the disk (fsync). Left to
 * SQLite, it runs inside whichever commit fills the log past 1,000 pages, on the thread that
 * answers requests: under a steady stream of orders, every thirtieth or so waited for the disk,
 * which set the orders' p99 (bench/README.md, bench:cart). Here a worker thread with its own
 * connection makes a passive checkpoint ten times a second (it never waits for, nor holds up,
 * readers and writers), and the request thread's own threshold is raised to 4,000 pages: it
 * still checkpoints if this thread cannot keep up, only later. Small checkpoints often: with one a
 * second the orders' p99 was worse than SQLite's own (each waited for more of the disk).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { workerThread } from '../lib/worker-thread.ts';

/**
 * The request thread checkpoints only once the log is this long (16 MB of 4 KB pages). Between
 * bursts of writes the thread's passive checkpoints empty the log. Under a steady stream of writes
 * (one process taking hundreds of orders a second, or several processes writing hard) a passive
 * checkpoint seldom ends just as a write begins, the only moment the log can start again: the log
 * then reaches this length, and the request thread checkpoints as SQLite would, copying what is
 * left and waiting for the disk (bench/README.md, `bench:wrk`, 2026-11-29: about 4.5 times a
 * second at 450 orders a second, 4–16 ms each). A longer log made each request slower.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 4_000;
/** A log that grew is cut back to this size when it starts again (SQLite keeps the file as is). */
export const WAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024;

/** What `PRAGMA wal_checkpoint` answers. */
export interface CheckpointResult {
  /** 1 when another connection held the checkpoint (the next one will go on). */
  busy: number;
  /** Pages in the log. */
  log: number;
  /** Of those, pages now in the database file. */
  checkpointed: number;
}

export interface CheckpointLog {
  warn(details: object, message: string): void;
}

export interface BackgroundCheckpoints {
  /** Asks the thread for a checkpoint now (the interval asks every `everyMs`, default 100 ms). */
  checkpoint(): Promise<CheckpointResult | null>;
  stop(): Promise<void>;
}

export async function checkpointInBackground(
  db: Kysely<Database>,
  file: string,
  entry: URL,
  options: { log: CheckpointLog; everyMs?: number },
): Promise<BackgroundCheckpoints> {
  await sql.raw(`pragma wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`).execute(db);
  await sql.raw(`pragma journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`).execute(db);
  const thread = workerThread(entry, { callTimeoutMs: 30_000 });
  let running: Promise<CheckpointResult | null> | null = null;
  let failing = false;

  const checkpoint = () => {
    running ??= thread
      .call<CheckpointResult>('checkpoint', file)
      .then((result) => {
        failing = false;
        return result;
      })
      .catch((error: unknown) => {
        // Logged when the trouble starts, not every second; the request thread's own
        // threshold keeps the log from growing without end meanwhile.
        if (!failing) options.log.warn({ err: error }, 'background WAL checkpoint failed');
        failing = true;
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void checkpoint(), options.everyMs ?? 100);
  timer.unref();
  return {
    checkpoint,
    async stop() {
      clearInterval(timer);
      await running;
      await thread.close();
    },
  };
}
