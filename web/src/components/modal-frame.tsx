import type { ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';

interface ModalFrameProps {
  /** The panel, for `useModalFocus`: focus moves into it and stays there. */
  panelRef: RefObject<HTMLDivElement | null>;
  /** A click on the backdrop. */
  onClose: () => void;
  /** What names the panel: its heading's id, or a label. */
  label: { 'aria-labelledby': string } | { 'aria-label': string };
  /** Where the panel stands in the screen-filling layer (flex placement, padding, breakpoints). */
  layerClassName: string;
  backdropClassName: string;
  panelClassName: string;
  children: ReactNode;
}

/**
 * The frame of a modal drawer, rendered into <body>: a backdrop that closes it and the panel,
 * a labelled `dialog`. The keyboard part is `useModalFocus`, called by the drawer itself.
 */
export function ModalFrame({
  panelRef,
  onClose,
  label,
  layerClassName,
  backdropClassName,
  panelClassName,
  children,
}: ModalFrameProps) {
  return createPortal(
    <div className={`fixed inset-0 z-50 ${layerClassName}`}>
      <div className={`animate-fade-in absolute inset-0 ${backdropClassName}`} aria-hidden="true" onClick={onClose} />
      <div ref={panelRef} role="dialog" aria-modal="true" {...label} tabIndex={-1} className={panelClassName}>
        {children}
      </div>
    </div>,
    document.body,
  );
}
