import { ROLE_LABELS, type TAuthUser } from '@flohmarkt/contracts';
import { getDisplayName } from '@/lib/initials';
import { UserAvatar } from './UserAvatar';

/** Name, e-mail and role of the signed-in user, at the top of the user and mobile menus. */
export function AccountSummary({ user }: { user: TAuthUser }) {
  const name = getDisplayName(user);
  const role = ROLE_LABELS[user.role] ?? ROLE_LABELS.participant;

  return (
    <div className="account-summary">
      <UserAvatar user={user} size="lg" />
      <div className="account-summary__text">
        {name ? <p className="account-summary__name">{name}</p> : null}
        <p className="account-summary__email">{user.email}</p>
        <span className="badge">{role}</span>
      </div>
    </div>
  );
}
