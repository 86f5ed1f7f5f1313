import type { TAuthUser } from '@flohmarkt/contracts';
import { useCallback, useId, useRef, useState } from 'react';
import { Tooltip } from '@/components/ui/tooltip/Tooltip';
import { useDismiss } from '@/hooks/use-dismiss';
import { getInitials } from '@/lib/initials';
import { AccountLinks } from './AccountLinks';
import { AccountSummary } from './AccountSummary';
import { UserAvatar } from './UserAvatar';

/** Avatar button of the desktop header with the account menu. */
export function UserMenu({ user }: { user: TAuthUser }) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, containerRef, buttonRef, close);

  return (
    <div className="user-menu" ref={containerRef}>
      <Tooltip content="Konto und Einstellungen" disabled={open}>
        <button
          ref={buttonRef}
          type="button"
          className="user-menu__button"
          // Label in name: the initials the avatar shows are part of the name (an image shows no text).
          aria-label={user.profileImageUrl ? 'Benutzermenü' : `Benutzermenü ${getInitials(user)}`}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          <UserAvatar user={user} />
        </button>
      </Tooltip>
      {open ? (
        <div id={panelId} className="dropdown" role="region" aria-label="Benutzermenü">
          <AccountSummary user={user} />
          <nav aria-label="Konto">
            <AccountLinks onNavigate={close} />
          </nav>
        </div>
      ) : null}
    </div>
  );
}
