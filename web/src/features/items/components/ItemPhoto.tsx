import type { TItem } from '@flohmarkt/contracts';
import { useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { PhotoImage } from '@/components/photos/PhotoImage';
import { thumbnailUrl } from '@/lib/photo-urls';

/**
 * An item's photo as a small thumbnail; a tap shows it large (the `.jpg` beside the `.thumb.jpg`).
 * `privateTo`: a guest's manage token while their stand waits, which only the token may see it by.
 * `onShown`: told the photo's URL once its thumbnail has loaded (a new one is asked for until processed).
 */
export function ItemPhoto({ item, privateTo, onShown }: { item: TItem; privateTo?: string; onShown?: (photo: string) => void }) {
  const [open, setOpen] = useState(false);
  const { photo } = item;
  if (!photo) return null;
  return (
    <>
      <button type="button" className="stand-item__photo" onClick={() => setOpen(true)} aria-label={`Foto von „${item.title}“ vergrößern`}>
        <PhotoImage
          src={thumbnailUrl(photo)}
          alt=""
          className="stand-item__thumb"
          loading="lazy"
          width={72}
          height={72}
          privateTo={privateTo}
          onLoad={() => onShown?.(photo)}
        />
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={item.title} size="large">
        <PhotoImage src={photo} alt={`Foto von „${item.title}“`} className="stand-item__large-photo" privateTo={privateTo} />
      </Dialog>
    </>
  );
}
