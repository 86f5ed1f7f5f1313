import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '@/hooks/use-dismiss';

/**
 * A header menu that a button opens and closes (the account menu, the small screens' menu): closed
 * again by Escape, a press outside or the focus leaving (useDismiss). `toggleProps` wire its button.
 */
export function usePopupMenu() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, containerRef, buttonRef, close);

  const toggleProps = {
    ref: buttonRef,
    type: 'button',
    'aria-expanded': open,
    'aria-controls': open ? panelId : undefined,
    onClick: () => setOpen((value) => !value),
  } as const;
  return { open, close, containerRef, panelId, toggleProps };
}

export type PopupMenu = ReturnType<typeof usePopupMenu>;
