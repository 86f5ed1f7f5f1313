import { LIMITS } from '@flohmarkt/contracts';
import type { CSSProperties } from 'react';
import { Toast } from './Toast';
import { useToast } from './use-toast';

// Medium screens and up: the viewport is at most this wide (see .toast-viewport in components.css).
const viewportStyle = { '--toast-max-width': `${LIMITS.toastViewportMaxWidthPx}px` } as CSSProperties;

/** The toast viewport; mounted once by the root layout. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const visible = toasts.filter((item) => item.open);

  return (
    <section className="toast-viewport" aria-label="Benachrichtigungen" style={viewportStyle}>
      <div className="toast-list">
        {visible.map((item) => (
          <Toast key={item.id} item={item} onDismiss={dismiss} />
        ))}
      </div>
    </section>
  );
}
