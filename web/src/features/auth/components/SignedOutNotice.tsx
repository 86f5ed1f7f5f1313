import { useEffect } from 'react';
import { toast } from '@/components/ui/toast/use-toast';
import { takeSignedOutNotice } from '../api/sign-out';

/**
 * Rendered once by the app shell: the sentence a sign-out asked for on the page it lands on (the
 * provider sends the browser to the start page, a new page load): „Dein Konto wurde gelöscht.“
 */
export function SignedOutNotice() {
  useEffect(() => {
    const notice = takeSignedOutNotice();
    if (notice) toast({ title: notice });
  }, []);
  return null;
}
