import { LIMITS } from '@flohmarkt/contracts';
import type { CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { useTopmostModal } from '../modal-layer';
import { Toast } from './Toast';
import { useToast } from './use-toast';

// Medium screens and up: the viewport is at most this wide (see .toast-viewport in components.css).
const viewportStyle = { '--toast-max-width': `${LIMITS.toastViewportMaxWidthPx}px` } as CSSProperties;

/**
 * The toast viewport; mounted once by the root layout. While a modal dialog is open the toasts are
 * rendered into it: outside it they would lie beneath its backdrop, dimmed and out of reach.
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const visible = toasts.filter((item) => item.open);
  const modal = useTopmostModal();

  const viewport = (
    <section className="toast-viewport" aria-label="Benachrichtigungen" style={viewportStyle}>
      <div className="toast-list">
        {visible.map((item) => (
          <Toast key={item.id} item={item} onDismiss={dismiss} />
        ))}
      </div>
    </section>
  );
  return modal ? createPortal(viewport, modal) : viewport;
}
