/** A paged staff list (orders, messages): its states, its pages and its count. */
import type { ReactNode } from 'react';
import { Pagination } from '../../../components/pagination.tsx';
import { ErrorState, LoadingState } from './admin-page.tsx';
import type { AdminResource } from './use-resource.ts';

interface PageInfo {
  page: number;
  totalPages: number;
  total: number;
}

interface PagedListProps<Page extends PageInfo> {
  resource: AdminResource<Page>;
  /** What is loading, e.g. "Loading orders…". */
  label: string;
  onPageChange: (page: number) => void;
  children: (page: Page) => ReactNode;
}

/** The failure with Retry, or the loading line, or the page (dimmed while another loads) and the page links. */
export function PagedList<Page extends PageInfo>({ resource, label, onPageChange, children }: PagedListProps<Page>) {
  if (resource.error) {
    return <ErrorState message={resource.error.message} onRetry={resource.reload} retrying={resource.loading} />;
  }
  if (resource.data === null) return <LoadingState label={label} />;
  return (
    <div aria-busy={resource.loading} className={resource.loading ? 'opacity-60 transition-opacity' : undefined}>
      {children(resource.data)}
      <Pagination page={resource.data.page} totalPages={resource.data.totalPages} onPageChange={onPageChange} />
    </div>
  );
}

/** "12 orders · page 1 of 2", said again when it changes. */
export function ResultCount({ page, one, many }: { page: PageInfo; one: string; many: string }) {
  return (
    <p role="status" className="mb-3 text-sm text-muted">
      {page.total === 1 ? `1 ${one}` : `${page.total} ${many}`}
      {page.totalPages > 1 && ` · page ${page.page} of ${page.totalPages}`}
    </p>
  );
}
