import type { TAuthUser } from '@flohmarkt/contracts';
import { useState } from 'react';
import { getInitials } from '@/lib/initials';

interface UserAvatarProps {
  user: TAuthUser;
  size?: 'sm' | 'lg';
}

/** The profile image, or the initials when there is none or it fails to load. */
export function UserAvatar({ user, size = 'sm' }: UserAvatarProps) {
  const [broken, setBroken] = useState(false);
  const showImage = user.profileImageUrl !== null && user.profileImageUrl !== '' && !broken;

  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true">
      {showImage ? (
        <img className="avatar__image" src={user.profileImageUrl ?? undefined} alt="" referrerPolicy="no-referrer" onError={() => setBroken(true)} />
      ) : (
        <span className="avatar__initials">{getInitials(user)}</span>
      )}
    </span>
  );
}
