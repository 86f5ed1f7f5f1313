import type { TAuthUser } from '@flohmarkt/contracts';
import { MobileMenu } from './MobileMenu';
import { UserMenu } from './UserMenu';

/**
 * The user menu and the mobile menu. Loaded lazily by the header: they need the role labels of the
 * contracts, whose module also holds zod schemas, and signed-out visitors never see them.
 */
export function SignedInMenus({ user }: { user: TAuthUser }) {
  return (
    <>
      <UserMenu user={user} />
      <MobileMenu user={user} />
    </>
  );
}
