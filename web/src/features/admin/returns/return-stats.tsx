import { returnReasonLabels } from '@shop/core';
import { EmptyState, ResourceView } from '../shared/admin-page.tsx';
import { asResource } from '../shared/use-resource.ts';
import { useGetReturnStatsQuery } from './api.ts';

/** Return rate by reason: returns asked of the orders delivered in the last `days` days. */
export function ReturnRateByReason({ days = 30 }: { days?: number }) {
  const stats = asResource(useGetReturnStatsQuery(days));
  return (
    <ResourceView resource={stats} label="Loading the return rate…">
      {(data) =>
        data.delivered === 0 ? (
          <EmptyState title="No orders delivered yet.">
            The return rate shows once orders are delivered in the last {days} days.
          </EmptyState>
        ) : (
          <dl className="grid gap-3 sm:grid-cols-3" aria-label={`Return rate by reason, last ${days} days`}>
            {data.reasons.map((r) => (
              <div key={r.reason} className="rounded-xl bg-sand/50 p-4">
                <dt className="text-sm text-muted">{returnReasonLabels[r.reason]}</dt>
                <dd className="mt-1 text-2xl font-semibold tabular-nums">{r.ratePercent ?? 0}%</dd>
                <dd className="text-xs text-muted">
                  {r.returns} of {data.delivered} delivered {data.delivered === 1 ? 'order' : 'orders'}
                </dd>
              </div>
            ))}
          </dl>
        )
      }
    </ResourceView>
  );
}
