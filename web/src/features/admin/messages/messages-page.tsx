import { messageStatuses, type AdminMessagePage, type AdminMessageRow } from '@shop/core';
import { Link, useSearchParams } from 'react-router';
import { AdminPageHeader, EmptyState } from '../shared/admin-page.tsx';
import { formatDateTime } from '../shared/format.ts';
import { PagedList, ResultCount } from '../shared/paged-list.tsx';
import { StatusFilter } from '../shared/status-filter.tsx';
import { asResource } from '../shared/use-resource.ts';
import { useGetAdminMessagesQuery, type AdminMessageFilters } from './api.ts';
import { filtersFromSearch, MESSAGES_PER_PAGE, searchFromFilters } from './filters.ts';
import { MessageStatusBadge, messageStatusLabels, templateLabels } from './message-status.tsx';

const detailPath = (message: AdminMessageRow) => `/admin/messages/${encodeURIComponent(message._id)}`;

/** Every message the shop sends, newest first: queued, sent, failed (with the error). */
export function AdminMessagesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const messages = asResource(useGetAdminMessagesQuery({ ...filters, limit: MESSAGES_PER_PAGE }), {
    keepPreviousData: true,
  });
  const apply = (next: AdminMessageFilters) => setSearchParams(searchFromFilters(next));

  return (
    <>
      <AdminPageHeader title="Messages" description="Every email the shop sends, newest first." />
      <StatusFilter
        className="mb-5 rounded-2xl border border-line bg-white p-3 sm:p-4"
        selectClassName="sm:max-w-xs"
        statuses={messageStatuses}
        labels={messageStatusLabels}
        anyLabel="All messages"
        value={filters.status}
        onChange={(status) => apply({ status, page: undefined })}
      />
      <PagedList resource={messages} label="Loading messages…" onPageChange={(page) => apply({ ...filters, page })}>
        {(page) => <MessageResults page={page} filtered={Boolean(filters.status)} />}
      </PagedList>
    </>
  );
}

function MessageResults({ page, filtered }: { page: AdminMessagePage; filtered: boolean }) {
  if (page.messages.length === 0) {
    return filtered ? (
      <EmptyState title="No messages with this status." />
    ) : (
      <EmptyState title="No messages yet.">Messages appear here as the shop writes them.</EmptyState>
    );
  }
  return (
    <>
      <ResultCount page={page} one="message" many="messages" />
      <ul className="divide-y divide-line rounded-2xl border border-line bg-white" aria-label="Messages">
        {page.messages.map((message) => (
          <li key={message._id}>
            <Link
              to={detailPath(message)}
              className="grid gap-x-4 gap-y-1 p-4 transition-colors hover:bg-sand/30 sm:grid-cols-[minmax(0,1fr)_auto]"
            >
              <span className="min-w-0">
                <span className="block font-medium break-words">
                  {message.subject ?? templateLabels[message.template] ?? message.template}
                </span>
                <span className="block text-sm break-all text-muted">To {message.to}</span>
                {message.lastError && (
                  <span className="mt-1 block text-sm break-words text-sale">{message.lastError}</span>
                )}
              </span>
              <span className="flex flex-wrap items-center gap-2 text-sm text-muted sm:flex-col sm:items-end">
                <MessageStatusBadge status={message.status} />
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
