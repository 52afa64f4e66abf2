import type { ReactNode } from 'react';
import { Breadcrumbs } from '../../../components/breadcrumbs.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { failureText } from '../../../lib/api/failure.ts';
import { pageTitle } from '../../../lib/brand.ts';

interface LegalPageFrameProps {
  /** The small line above the heading. */
  eyebrow: string;
  title: string;
  /** The breadcrumb's and the tab's name of the page. */
  crumb: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** The frame of the seller, privacy and complaint pages: breadcrumbs, an eyebrow, a heading, an intro. */
export function LegalPageFrame({ eyebrow, title, crumb, intro, children }: LegalPageFrameProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 pt-8 pb-4 sm:px-6 lg:px-8">
      <title>{pageTitle(crumb)}</title>
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: crumb }]} />
      <p className="mt-8 text-xs font-semibold tracking-[0.25em] text-accent uppercase">{eyebrow}</p>
      <h1 className="mt-3 font-display text-4xl leading-tight sm:text-5xl">{title}</h1>
      {intro && <div className="mt-5 max-w-2xl text-base leading-7 text-muted">{intro}</div>}
      <div className="mt-10">{children}</div>
    </div>
  );
}

/** A titled card of facts: each row a term and what it is. */
export function FactCard({ title, id, rows }: { title: string; id: string; rows: [string, ReactNode][] }) {
  return (
    <section aria-labelledby={id} className="rounded-3xl border border-line bg-white p-6 sm:p-8">
      <h2 id={id} className="font-display text-2xl">
        {title}
      </h2>
      <dl className="mt-5 grid gap-x-6 gap-y-4 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-ink">{term}</dt>
            <dd className="break-words text-ink-soft">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * A contact's email and phone as links, one above the other: each at least 24 px tall, as WCAG 2.2
 * asks of targets that do not stand in a sentence (2.5.8), and a long address still wraps.
 */
export function ContactLinks({ email, phone }: { email: string; phone: string }) {
  const linkClass =
    'inline-flex min-h-6 max-w-full items-center rounded-sm font-medium text-ink underline decoration-ink/30 underline-offset-4 [overflow-wrap:anywhere] hover:decoration-ink';
  return (
    <span className="flex flex-col items-start">
      <a href={`mailto:${email}`} className={linkClass}>
        {email}
      </a>
      <a href={`tel:${phone}`} className={linkClass}>
        {phone}
      </a>
    </span>
  );
}

/** What a page shows while its data loads, or when it could not: a spinner with words, or the failure in red. */
export function LoadState({ loading, error, label }: { loading: boolean; error: unknown; label: string }) {
  if (loading) {
    return (
      <p role="status" className="flex items-center gap-3 text-muted">
        <Spinner size={24} />
        {label}
      </p>
    );
  }
  if (!error) return null;
  return (
    <p role="alert" className="text-sale">
      Error: {failureText(error)}
    </p>
  );
}
