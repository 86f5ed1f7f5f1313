import { useEffect, useState } from 'react';
import { DEFAULT_TOAST_DURATION_MS, type ToastItem } from './toast-store';

interface ToastProps {
  item: ToastItem;
  onDismiss: (id: string) => void;
}

export function Toast({ item, onDismiss }: ToastProps) {
  const { id, title, description, variant = 'default', duration = DEFAULT_TOAST_DURATION_MS } = item;
  const [paused, setPaused] = useState(false);

  // Dismisses itself after `duration`; hovering or focusing the toast holds it open.
  useEffect(() => {
    if (paused || !Number.isFinite(duration)) return undefined;
    const timer = setTimeout(() => onDismiss(id), duration);
    return () => clearTimeout(timer);
  }, [id, duration, paused, onDismiss]);

  return (
    <div
      className={`toast toast--${variant}`}
      role={variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss(id);
      }}
    >
      <div className="toast__body">
        {title ? <div className="toast__title">{title}</div> : null}
        {description ? <div className="toast__description">{description}</div> : null}
      </div>
      <button type="button" className="toast__close" aria-label="Benachrichtigung schließen" onClick={() => onDismiss(id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
