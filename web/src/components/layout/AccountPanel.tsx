import type { TAuthUser } from '@flohmarkt/contracts';
import type { ReactNode } from 'react';
import { AccountLinks } from './AccountLinks';
import { AccountSummary } from './AccountSummary';
import type { PopupMenu } from './use-popup-menu';

interface AccountPanelProps {
  menu: PopupMenu;
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
