import { TOASTS } from '@flohmarkt/contracts';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export interface ShareTarget {
  title: string;
  text?: string;
  url: string;
}

type ShareNavigator = Pick<Navigator, 'share' | 'clipboard'>;

/**
 * Shares a link with the Web Share API where the browser has it, else copies it to the clipboard.
 * Closing the share sheet is not an error ('cancelled').
 */
export async function shareLink(target: ShareTarget, nav: Partial<ShareNavigator> = navigator): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ title: target.title, text: target.text, url: target.url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      return 'failed';
    }
  }
  try {
    if (!nav.clipboard) return 'failed';
    await nav.clipboard.writeText(target.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** The toast for each outcome (docs/product.md#in-the-browser); null when nothing is to be said. */
export function shareToast(outcome: ShareOutcome): { title: string; description?: string; variant?: 'destructive' } | null {
  switch (outcome) {
    case 'shared':
      return { title: TOASTS.eventShared };
    case 'copied':
      return { title: TOASTS.linkCopied };
    case 'failed':
      return { title: TOASTS.shareFailedTitle, description: TOASTS.shareEventFailed, variant: 'destructive' };
    case 'cancelled':
      return null;
  }
}
