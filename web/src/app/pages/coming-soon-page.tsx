import type { ReactNode } from 'react';
import { SparkIcon } from '../../components/icons.tsx';
import { NoticePage } from './notice-page.tsx';

interface ComingSoonPageProps {
  /** Shown as the heading, e.g. "Sign in is coming soon". */
  title: string;
  /** Short name for the browser tab, e.g. "Sign in". */
  tabTitle: string;
  children?: ReactNode;
}

/** A placeholder for a screen a later release builds, inside the shared layout. */
export function ComingSoonPage({ title, tabTitle, children }: ComingSoonPageProps) {
  const badge = (
    <>
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-sand text-accent">
        <SparkIcon size={26} />
      </span>
      <p className="mt-6 text-xs font-semibold tracking-[0.25em] text-accent uppercase">Coming soon</p>
    </>
  );
  return (
    <NoticePage badge={badge} title={title} tabTitle={tabTitle}>
      {children ?? 'We are putting the finishing touches on this page. Meanwhile, the collection is open.'}
    </NoticePage>
  );
}
