/** The parts of a staff page about one record (an order, a message). */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ResourceView } from './admin-page.tsx';
import type { AdminResource } from './use-resource.ts';

interface RecordPageProps<T> {
  /** The list the record belongs to: where "← All orders" goes back to. */
  back: { to: string; label: string };
  resource: AdminResource<T>;
  /** What is loading, e.g. "Loading the order…". */
  label: string;
  children: (data: T) => ReactNode;
}

/** The way back to the list, then the record once loaded (else its failure, else the loading line). */
export function RecordPage<T>({ back, resource, label, children }: RecordPageProps<T>) {
  return (
    <>
      <div className="mb-4">
        <Link to={back.to} className="rounded-md text-sm font-medium text-accent hover:underline">
          {back.label}
        </Link>
      </div>
      <ResourceView resource={resource} label={label}>
        {children}
      </ResourceView>
    </>
  );
}

/** A record's facts, each a label and its value. */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">{children}</dl>;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
