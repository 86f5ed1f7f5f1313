import { useEffect, useId, useRef, type ReactNode } from 'react';
import { modalClosed, modalOpened } from './modal-layer';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Shown below the content, e.g. the confirm and cancel buttons. */
  footer?: ReactNode;
  size?: 'small' | 'large' | 'full';
  /** Hide the title visually (it still names the dialog). */
  hideTitle?: boolean;
}

/**
 * A modal dialog on the native <dialog> element: the browser keeps focus inside, Escape closes it
 * and focus returns to the element that opened it.
 */
export function Dialog({ open, onClose, title, children, footer, size = 'small', hideTitle = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // jsdom and old browsers lack showModal; the open attribute still shows the content.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      modalOpened(dialog);
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      modalClosed(dialog);
    }
  }, [open]);

  // A dialog that leaves the page while open (its page changed) no longer hosts the toasts.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog) modalClosed(dialog);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${size}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (outside the dialog's box) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="dialog__box">
          <div className="dialog__header">
            <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
              {title}
            </h2>
            <button type="button" className="dialog__close" aria-label="Schließen" onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="dialog__body">{children}</div>
          {footer ? <div className="dialog__footer">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
