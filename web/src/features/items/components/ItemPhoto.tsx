import type { TItem } from '@flohmarkt/contracts';
import { useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { SafeImage } from '@/components/ui/SafeImage';
import { thumbnailUrl } from '@/lib/photo-urls';

/** An item's photo as a small thumbnail; a tap shows it large (the `.jpg` beside the `.thumb.jpg`). */
export function ItemPhoto({ item }: { item: TItem }) {
  const [open, setOpen] = useState(false);
  if (!item.photo) return null;
  return (
    <>
      <button type="button" className="stand-item__photo" onClick={() => setOpen(true)} aria-label={`Foto von „${item.title}“ vergrößern`}>
        <SafeImage src={thumbnailUrl(item.photo)} alt="" className="stand-item__thumb" loading="lazy" width={72} height={72} />
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={item.title} size="large">
        <SafeImage src={item.photo} alt={`Foto von „${item.title}“`} className="stand-item__large-photo" />
      </Dialog>
    </>
  );
}
