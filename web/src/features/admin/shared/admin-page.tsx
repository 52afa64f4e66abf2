/**
 * The building blocks every staff page shares: its heading, and the boxes for loading,
 * failure (the server's words and a way to try again) and nothing-to-show.
 */
import type { ReactNode } from 'react';
import { pageTitle } from '../../../lib/brand.ts';
import { buttonClass } from '../../../components/button.ts';
import { Spinner } from '../../../components/spinner.tsx';
import type { AdminResource } from './use-resource.ts';

interface AdminPageHeaderProps {
  title: string;
  /** The browser tab's title, when it should say more than the heading. */
  tabTitle?: string;
  /** A line under the heading. */
  description?: ReactNode;
  /** Buttons or links on the heading's right (below it on phones). */
  actions?: ReactNode;
}

export function AdminPageHeader({ title, tabTitle, description, actions }: AdminPageHeaderProps) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
      <title>{pageTitle(`${tabTitle ?? title} · Staff`)}</title>
      <div className="min-w-0">
        <h1 className="font-display text-2xl break-words sm:text-3xl">{title}</h1>
        {description && <div className="mt-1 text-sm text-muted">{description}</div>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

/** A titled white card, the unit staff pages are built from. */
export function AdminSection({
  title,
  actions,
  children,
  className = '',
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-label={title} className={`rounded-2xl border border-line bg-white p-4 sm:p-6 ${className}`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** What is loading, said in words (the spinner is decorative). */
export function LoadingState({ label = 'Loading…', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`flex items-center justify-center gap-3 py-12 ${className}`}>
      <Spinner size={28} />
      <span className="text-sm text-muted">{label}</span>
    </div>
  );
}

interface ErrorStateProps {
  /** The server's message, or the page's fallback. */
  message: string;
  /** Offers "Retry" when given. */
  onRetry?: () => void;
  /** True while the retry runs: the button waits. */
  retrying?: boolean;
  className?: string;
}

export function ErrorState({ message, onRetry, retrying = false, className = '' }: ErrorStateProps) {
  return (
    <div role="alert" className={`rounded-2xl border border-sale/20 bg-sale/5 p-5 sm:p-6 ${className}`}>
      <p className="font-medium text-sale">{message}</p>
      {onRetry && (
        <button type="button" className={buttonClass('secondary', 'sm', 'mt-4')} onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-line px-4 py-12 text-center">
      <p className="font-medium">{title}</p>
      {children && <div className="mt-1 text-sm text-muted">{children}</div>}
    </div>
  );
}

/**
 * One loaded thing's three states: its data (kept on screen while a reload runs), else the
 * failure with Retry, else the loading line.
 */
export function ResourceView<T>({
  resource,
  label,
  children,
}: {
  resource: AdminResource<T>;
  /** What is loading, e.g. "Loading orders…". */
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (resource.data !== null) return children(resource.data);
  if (resource.error) {
    return <ErrorState message={resource.error.message} onRetry={resource.reload} retrying={resource.loading} />;
  }
  return <LoadingState label={label} />;
}
