import { useEffect, useRef, type ReactNode } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { CloseIcon } from '../../../components/icons/close.tsx';
import { ModalFrame } from '../../../components/modal-frame.tsx';
import { useModalFocus } from '../../../components/use-modal-focus.ts';

/** "Show 12 results", "Show 1 result"; plain "Show results" while the count is being asked. */
export function showResultsLabel(count: number | null): string {
  if (count === null) return 'Show results';
  return `Show ${count} ${count === 1 ? 'result' : 'results'}`;
}

interface FilterDrawerProps {
  open: boolean;
  onClose: () => void;
  /** How many products the filters chosen so far leave; null while that is being asked. */
  resultCount: number | null;
  /** The filters themselves. */
  children: ReactNode;
}

/**
 * The filters on a phone: a panel over the page rather than a block pushing the grid down.
 * Focus moves into it and stays there until it closes (Escape, the close button, the backdrop
 * or "Show N results"), then goes back to the Filters button. Each choice applies at once, so
 * the button's count is the list's own, kept live as filters change.
 */
export function FilterDrawer({ open, onClose, resultCount, children }: FilterDrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useModalFocus(open, panelRef, onClose, 'first');
  // Widened to a tablet's 768 px the sidebar is there: the drawer closes rather than hold focus.
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia('(min-width: 768px)');
    const closeIfWide = () => wide.matches && onClose();
    wide.addEventListener('change', closeIfWide);
    return () => wide.removeEventListener('change', closeIfWide);
  }, [open, onClose]);
  if (!open) return null;

  return (
    <ModalFrame
      panelRef={panelRef}
      onClose={onClose}
      label={{ 'aria-label': 'Filters' }}
      layerClassName="md:hidden"
      backdropClassName="bg-ink/50"
      panelClassName="absolute inset-y-0 left-0 flex w-[min(22rem,calc(100vw-2.5rem))] flex-col bg-paper shadow-2xl outline-none transition duration-300 ease-out starting:-translate-x-8 starting:opacity-0"
    >
      {/* The filters' own heading ("Filters", with Clear all) comes first in the body. */}
      <div className="flex justify-end border-b border-line px-3 py-2">
        <button
          type="button"
          aria-label="Close filters"
          onClick={onClose}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-sand"
        >
          <CloseIcon size={20} />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto overscroll-contain px-5 py-6">{children}</div>
      <div className="border-t border-line bg-white px-5 py-4">
        <button type="button" className={buttonClass('primary', 'md', 'w-full')} aria-live="polite" onClick={onClose}>
          {showResultsLabel(resultCount)}
        </button>
      </div>
    </ModalFrame>
  );
}
