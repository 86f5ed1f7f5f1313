import type { TAuthUser } from '@flohmarkt/contracts';
import { SCREENS } from '@flohmarkt/contracts';
import { useEffect, type ReactNode } from 'react';
import { PageSpinner } from '@/components/ui/Spinner';
import { StatusScreen } from '@/components/ui/StatusScreen';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { NO_CONNECTION_MESSAGE } from '@/lib/api-client';
import { cancelSessionRedirect, handleSessionExpired } from '../lib/session-expired';

interface RequireAuthProps {
  children: (user: TAuthUser) => ReactNode;
}

/**
 * A protected screen (docs/product.md#screens-and-routes, "logged in"): signed out, it shows the session toast and
 * goes to the sign-in after 500 ms, returning to this page afterwards. Without a connection it says so and waits.
 */
export function RequireAuth({ children }: RequireAuthProps) {
  const { user, isLoading, unknown } = useCurrentUser();
  const signedOut = !isLoading && !unknown && user === null;

  useEffect(() => {
    if (!signedOut) return undefined;
    handleSessionExpired();
    // Leaving the page before the redirect fires (or StrictMode's second mount) cancels it.
    return cancelSessionRedirect;
  }, [signedOut]);

  if (isLoading) return <PageSpinner />;
  // No connection: whether the session holds is unknown, and the sign-in could not load either.
  if (unknown) return <StatusScreen title={NO_CONNECTION_MESSAGE} homeLink={false} />;
  if (!user) return <StatusScreen title={SCREENS.sessionExpired} homeLink={false} />;
  return <>{children(user)}</>;
}
