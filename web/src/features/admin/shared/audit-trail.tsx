import type { AuditEntry } from '@shop/core';
import { useId } from 'react';
import { formatDateTime } from './format.ts';

/** Who made a change: the staff member, or the shop itself (e.g. the unpaid-order sweep). */
function actorName(actor: AuditEntry['actor']): string {
  if (!actor) return 'The shop';
  return actor.name.trim() || actor.email;
}

/**
 * The recorded staff changes to one product, order or coupon, newest as the server lists
 * them: when, who, and what in one line.
 */
export function AuditTrail({ entries, className = '' }: { entries: readonly AuditEntry[]; className?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-base font-semibold">
        History
      </h2>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No changes recorded yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-line" aria-label="Recorded changes">
          {entries.map((entry) => (
            <li key={entry._id} className="grid gap-x-4 gap-y-0.5 py-3 text-sm sm:grid-cols-[11rem_1fr]">
              <time dateTime={entry.at} className="text-muted tabular-nums">
                {formatDateTime(entry.at)}
              </time>
              <div className="min-w-0">
                <p className="break-words">{entry.summary}</p>
                <p className="mt-0.5 text-xs break-words text-muted">
                  by {actorName(entry.actor)}
                  {entry.actor && entry.actor.name.trim() && ` (${entry.actor.email})`}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
