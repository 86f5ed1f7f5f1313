import { toast } from '@/components/ui/toast/use-toast';
import { shareLink, shareToast, type ShareTarget } from '../lib/share-link';

/** 'Teilen': the Web Share API where present, else the link goes to the clipboard ('Link kopiert'). */
export function ShareButton({ target }: { target: ShareTarget }) {
  const onClick = async () => {
    const message = shareToast(await shareLink(target));
    if (message) toast(message);
  };
  return (
    <button type="button" className="button button--outline" onClick={() => void onClick()}>
      <span aria-hidden="true">⤴</span> Teilen
    </button>
  );
}
