import type { OrderDocument } from '@shop/core';
import { useState } from 'react';
import { useRefusedTokenEndsSession } from '../lib/api/refused-token.ts';
import { downloadFile } from '../lib/download.ts';
import { messageFor } from '../lib/http.ts';
import { buttonClass } from './button.ts';

const labels: Record<OrderDocument['kind'], { text: string; path: string }> = {
  invoice: { text: 'Download invoice', path: 'invoice' },
  credit_note: { text: 'Download credit note', path: 'credit-note' },
};

interface DocumentDownloadsProps {
  documents: readonly OrderDocument[];
  /** Where the order's documents are served: `/order/:id` (the shopper's) or `/admin/orders/:id`. */
  basePath: string;
  orderNumber: string;
  /** Tells the user why a download failed (the page's toasts). */
  onError: (message: string) => void;
  className?: string;
}

/** A button per tax document of an order: its PDF, fetched with the session's token. */
export function DocumentDownloads({
  documents,
  basePath,
  orderNumber,
  onError,
  className = '',
}: DocumentDownloadsProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const refusedTokenEndsSession = useRefusedTokenEndsSession();
  if (documents.length === 0) return null;

  async function download(document: OrderDocument) {
    setBusy(document.kind);
    try {
      await downloadFile(`${basePath}/${labels[document.kind].path}`, `${document.number.replaceAll('/', '-')}.pdf`);
    } catch (error) {
      refusedTokenEndsSession(error);
      onError(messageFor(error, 'The document could not be downloaded. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`.trim()}>
      {documents.map((document) => (
        <button
          key={document.kind}
          type="button"
          className={buttonClass('ghost', 'sm', 'border border-line')}
          onClick={() => void download(document)}
          disabled={busy !== null}
          aria-label={`${labels[document.kind].text} ${document.number} for Order ${orderNumber}`}
          title={document.number}
        >
          {busy === document.kind ? 'Downloading…' : labels[document.kind].text}
        </button>
      ))}
    </div>
  );
}
