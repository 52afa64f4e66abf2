/**
 * A modal dialog: rendered into <body>, labelled by its title, focus moves inside on open,
 * Tab and Shift+Tab stay inside, Escape or a click on the backdrop closes it, and focus
 * returns to whatever had it before.
 */
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from './use-modal-focus.ts';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra content under the body, usually the buttons. */
  actions?: ReactNode;
  icon?: ReactNode;
}

export function Dialog({ open, title, onClose, children, actions, icon }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useModalFocus(open, panelRef, onClose, 'first');

  if (!open) return null;

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div
        className="animate-fade-in absolute inset-0 bg-ink/50 backdrop-blur-[2px]"
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        className="animate-rise-in relative w-full max-w-sm rounded-2xl bg-white p-6 shadow-2xl sm:p-7"
      >
        {icon && (
          <div className="mb-4 flex h-11 w-11 items-center justify-center rounded-full bg-sand text-ink">{icon}</div>
        )}
        <h2 id={titleId} className="font-display text-xl text-ink">
          {title}
        </h2>
        <div id={bodyId} className="mt-2 text-sm leading-6 text-muted">
          {children}
        </div>
        {actions && <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}
