import { complaintStatuses, complaintTopicNames, type ComplaintQueue, type ComplaintStatus } from '@shop/core';
import { Link, useSearchParams } from 'react-router';
import { AdminPageHeader, EmptyState } from '../shared/admin-page.tsx';
import { PagedList, ResultCount } from '../shared/paged-list.tsx';
import { StatusFilter } from '../shared/status-filter.tsx';
import { asResource } from '../shared/use-resource.ts';
import { useGetComplaintsQuery, type ComplaintFilters } from './api.ts';
import { ComplaintClock, ComplaintStatusBadge, complaintStatusLabels } from './complaint-labels.tsx';

export const COMPLAINTS_PER_PAGE = 20;

function filtersFromSearch(params: URLSearchParams): ComplaintFilters {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  return {
    status: (complaintStatuses as readonly string[]).includes(status) ? (status as ComplaintStatus) : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

function searchFromFilters(filters: ComplaintFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The grievance officer's queue: complaints not resolved first, the oldest (nearest deadline) on top. */
export function AdminComplaintsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const queue = asResource(useGetComplaintsQuery({ ...filters, limit: COMPLAINTS_PER_PAGE }), {
    keepPreviousData: true,
  });
  const apply = (next: ComplaintFilters) => setSearchParams(searchFromFilters(next));

  return (
    <>
      <AdminPageHeader
        title="Complaints"
        description="Acknowledge each complaint within 48 hours and resolve it within one month of receiving it."
      />
      <StatusFilter
        className="mb-5 rounded-2xl border border-line bg-white p-3 sm:p-4"
        selectClassName="sm:max-w-xs"
        statuses={complaintStatuses}
        labels={complaintStatusLabels}
        anyLabel="All complaints"
        value={filters.status}
        onChange={(status) => apply({ status, page: undefined })}
      />
      <PagedList resource={queue} label="Loading complaints…" onPageChange={(page) => apply({ ...filters, page })}>
        {(page) => <ComplaintResults page={page} filtered={Boolean(filters.status)} />}
      </PagedList>
    </>
  );
}

function ComplaintResults({ page, filtered }: { page: ComplaintQueue; filtered: boolean }) {
  if (page.complaints.length === 0) {
    return filtered ? (
      <EmptyState title="No complaints with this status." />
    ) : (
      <EmptyState title="No complaints yet.">Complaints appear here as shoppers file them.</EmptyState>
    );
  }
  return (
    <>
      <p className="mb-3 text-sm text-ink-soft">
        {page.openCount} not resolved, {page.overdueCount} overdue.
      </p>
      <ResultCount page={page} one="complaint" many="complaints" />
      <ul className="divide-y divide-line rounded-2xl border border-line bg-white" aria-label="Complaints">
        {page.complaints.map((complaint) => (
          <li key={complaint._id}>
            <Link
              to={`/admin/complaints/${encodeURIComponent(complaint._id)}`}
              className="grid gap-x-4 gap-y-2 p-4 transition-colors hover:bg-sand/30 sm:grid-cols-[minmax(0,1fr)_auto]"
            >
              <span className="min-w-0">
                <span className="block font-medium">
                  <span className="font-mono">{complaint.ticketNumber}</span> · {complaintTopicNames[complaint.topic]}
                </span>
                <span className="block text-sm break-all text-muted">
                  {complaint.name} · {complaint.email}
                  {complaint.orderNumber && ` · Order ${complaint.orderNumber}`}
                </span>
                <span className="mt-1 flex flex-wrap gap-2">
                  <ComplaintStatusBadge status={complaint.status} />
                </span>
              </span>
              <ComplaintClock complaint={complaint} />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
