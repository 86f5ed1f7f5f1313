import { describe, expect, it, vi } from 'vitest';
import { qrFileName } from './qr-code';
import { shareLink, shareToast } from './share-link';

const target = { title: 'Hofflohmarkt', url: 'https://flohmarkt.example/events/1' };

describe('shareLink', () => {
  it('uses the Web Share API where the browser has it', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    await expect(shareLink(target, { share, clipboard: { writeText } as unknown as Clipboard })).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: target.url, title: 'Hofflohmarkt' }));
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats a closed share sheet as cancelled, other errors as failed', async () => {
    const aborted = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    await expect(shareLink(target, { share: aborted })).resolves.toBe('cancelled');
    const broken = vi.fn().mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    await expect(shareLink(target, { share: broken })).resolves.toBe('failed');
  });

  it('copies the link without the Web Share API', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    await expect(shareLink(target, { clipboard: { writeText } as unknown as Clipboard })).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith(target.url);
    await expect(shareLink(target, {})).resolves.toBe('failed');
  });

  it('answers the toasts of docs/product.md#in-the-browser', () => {
    expect(shareToast('copied')).toEqual({ title: 'Link kopiert' });
    expect(shareToast('shared')).toEqual({ title: 'Event geteilt' });
    expect(shareToast('failed')).toEqual({ title: 'Fehler beim Teilen', description: 'Das Event konnte nicht geteilt werden.', variant: 'destructive' });
    expect(shareToast('cancelled')).toBeNull();
  });
});

describe('qrFileName', () => {
  it('makes a safe file name from the event name', () => {
    expect(qrFileName('Großer Flohmarkt: Südstadt!')).toBe('qr-code-grosser-flohmarkt-suedstadt.png');
    expect(qrFileName('***')).toBe('qr-code-flohmarkt.png');
  });
});
