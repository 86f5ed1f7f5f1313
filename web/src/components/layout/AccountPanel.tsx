import type { TAuthUser } from '@flohmarkt/contracts';
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useDismiss } from '@/hooks/use-dismiss';
import { AccountLinks } from './AccountLinks';
import { AccountSummary } from './AccountSummary';

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

interface AccountPanelProps {
  menu: ReturnType<typeof usePopupMenu>;
  user: TAuthUser;
  className: string;
  /** The panel's and its navigation's accessible names. */
  label: string;
  navLabel: string;
  /** Entries before the account's own (the main navigation on small screens). */
  children?: ReactNode;
}

/** The open panel of a header menu: who is signed in, then the links; a link followed closes it. */
export function AccountPanel({ menu, user, className, label, navLabel, children }: AccountPanelProps) {
  if (!menu.open) return null;
  return (
    <div id={menu.panelId} className={className} role="region" aria-label={label}>
      <AccountSummary user={user} />
      <nav aria-label={navLabel}>
        {children}
        <AccountLinks onNavigate={menu.close} />
      </nav>
    </div>
  );
}
