import type { Ref } from 'react';
import { ChevronLeftIcon } from './icons/chevron-left.tsx';

interface PaneHeaderProps {
  title: string;
  /** Shows a Back button before the title. */
  onBack?: () => void;
  ref?: Ref<HTMLHeadingElement>;
}

/**
 * The heading of a pane that swaps views in place. It takes focus when its view opens, so
 * keyboard and screen-reader users (and phones, where the pane is below) land on it.
 */
export function PaneHeader({ title, onBack, ref }: PaneHeaderProps) {
  return (
    <div className="flex items-center justify-between gap-3 border-b border-line pb-5">
      <h2 ref={ref} tabIndex={-1} className="min-w-0 scroll-mt-28 font-display text-xl outline-none sm:text-[28px]">
        {title}
      </h2>
      {onBack && (
        <button
          type="button"
          onClick={onBack}
          className="inline-flex h-9 shrink-0 items-center gap-1 rounded-full border border-ink/15 bg-white pr-4 pl-3 text-sm font-medium text-ink transition-colors hover:border-ink hover:bg-sand/40"
        >
          <ChevronLeftIcon size={16} />
          Back
        </button>
      )}
    </div>
  );
}
