import { useEffect } from 'react';
import { settleBrowserData } from '../api/browser-data';
import { useCurrentUser } from '../api/get-current-user';

/**
 * Rendered once by the app shell: whenever the app learns who is signed in (at every page load), what
 * the browser keeps is made to match (settleBrowserData): nothing of a user stays for the next person.
 */
export function BrowserDataGuard() {
  const { user, isLoading } = useCurrentUser();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!isLoading) void settleBrowserData(userId);
  }, [userId, isLoading]);
  return null;
}
