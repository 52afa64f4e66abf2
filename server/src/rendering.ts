import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderMessage } from '@shop/emails';
import { ThreadGone, workerThread, type WorkerThreadOptions } from './lib/worker-thread.ts';
import { renderTaxDocument } from './modules/invoices/invoice-pdf.ts';

/** How the outbox writes emails and draws the tax documents they carry. */
export interface Rendering {
  renderMessage: typeof renderMessage;
  renderTaxDocument: typeof renderTaxDocument;
  close(): Promise<void>;
}

export const inProcessRendering: Rendering = { renderMessage, renderTaxDocument, close: async () => {} };

/**
 * Emails and tax documents written in a worker thread of lower priority (render-worker.ts,
 * built beside main.js as `entry`): rendering an email and its PDF takes tens of milliseconds
 * of one core, which on the main thread held up every request arriving meanwhile. Without the
 * built entry (tests run the source) they are written in this thread; a call the thread could
 * not answer because it ended is written here instead, so a crash never fails a message. One
 * the thread took too long over (CallTimedOut) is not: written here, it could hold every request
 * as long; the outbox tries it again later.
 */
export function offThreadRendering(entry: URL, threadOptions?: WorkerThreadOptions): Rendering {
  if (!fs.existsSync(fileURLToPath(entry))) return inProcessRendering;
  const thread = workerThread(entry, threadOptions);
  const orHere =
    <A extends unknown[], R>(name: string, here: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      thread.call<R>(name, ...args).catch((error: unknown) => {
        if (error instanceof ThreadGone) return here(...args);
        throw error;
      });
  const drawn = orHere<[Parameters<typeof renderTaxDocument>[0]], Uint8Array>('renderTaxDocument', renderTaxDocument);
  return {
    renderMessage: orHere('renderMessage', renderMessage),
    // A Buffer crosses threads as a plain Uint8Array.
    renderTaxDocument: async (snapshot) => {
      const pdf = await drawn(snapshot);
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    close: () => thread.close(),
  };
}
