import type { TAuthUser } from '@flohmarkt/contracts';
import { Tooltip } from '@/components/ui/tooltip/Tooltip';
import { getInitials } from '@/lib/initials';
import { AccountPanel, usePopupMenu } from './AccountPanel';
import { UserAvatar } from './UserAvatar';

/** Avatar button of the desktop header with the account menu. */
export function UserMenu({ user }: { user: TAuthUser }) {
  const menu = usePopupMenu();

  return (
    <div className="user-menu" ref={menu.containerRef}>
      <Tooltip content="Konto und Einstellungen" disabled={menu.open}>
        <button
          {...menu.toggleProps}
          className="user-menu__button"
          // Label in name: the initials the avatar shows are part of the name (an image shows no text).
          aria-label={user.profileImageUrl ? 'Benutzermenü' : `Benutzermenü ${getInitials(user)}`}
        >
          <UserAvatar user={user} />
        </button>
      </Tooltip>
      <AccountPanel menu={menu} user={user} className="dropdown" label="Benutzermenü" navLabel="Konto" />
    </div>
  );
}
