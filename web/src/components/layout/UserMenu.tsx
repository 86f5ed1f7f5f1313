import type { TAuthUser } from '@flohmarkt/contracts';
import { Tooltip } from '@/components/ui/tooltip/Tooltip';
import { getInitials } from '@/lib/initials';
import { AccountLinks } from './AccountLinks';
import { usePopupMenu } from './use-popup-menu';
import { AccountSummary } from './AccountSummary';
import { UserAvatar } from './UserAvatar';

/** Avatar button of the desktop header with the account menu. */
export function UserMenu({ user }: { user: TAuthUser }) {
  const { open, close, containerRef, panelId, toggleProps } = usePopupMenu();

  return (
    <div className="user-menu" ref={containerRef}>
      <Tooltip content="Konto und Einstellungen" disabled={open}>
        <button
          {...toggleProps}
          className="user-menu__button"
          // Label in name: the initials the avatar shows are part of the name (an image shows no text).
          aria-label={user.profileImageUrl ? 'Benutzermenü' : `Benutzermenü ${getInitials(user)}`}
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
