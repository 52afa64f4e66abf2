// The WAL checkpoint thread's entry (see db/wal-checkpoints.ts): one connection of its own to
// the shop's SQLite file, making passive checkpoints when asked.
import SqliteDatabase from 'better-sqlite3';
import { serveCalls } from './lib/worker-thread.ts';
import { sharedMemoryProblem } from './db/shared-memory.ts';
import type { CheckpointResult } from './db/wal-checkpoints.ts';

let connection: { file: string; db: SqliteDatabase.Database } | null = null;

serveCalls({
  checkpoint(file: string): CheckpointResult {
    // A checkpoint writes to the shared memory: never while its file cannot be written (SIGBUS).
    const problem = sharedMemoryProblem(file);
    if (problem) throw new Error(`no checkpoint: the database cannot be written (${problem})`);
    if (connection?.file !== file) {
      connection?.db.close();
      connection = { file, db: new SqliteDatabase(file, { fileMustExist: true }) };
    }
    const [result] = connection.db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
    return result!;
  },
});
