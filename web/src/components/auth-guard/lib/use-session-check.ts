import { useEffect } from 'react';
import { isUnauthorizedError } from '@/lib/api-client';
import { cancelSessionRedirect, handleSessionExpired } from './session-expired';

/** A query of a signed-in screen that answered 401: the session ended meanwhile (docs/product.md#in-the-browser). */
export function useSessionCheck(...errors: unknown[]): void {
  const expired = errors.some(isUnauthorizedError);
  useEffect(() => {
    if (!expired) return undefined;
    handleSessionExpired();
    return cancelSessionRedirect;
  }, [expired]);
}
