import type { TItem } from '@flohmarkt/contracts';
import { formatItemPrice } from '@flohmarkt/contracts';
import { ItemPhoto } from './ItemPhoto';

const STATUS_WORDS: Partial<Record<TItem['status'], string>> = { sold: 'verkauft', held: 'reserviert' };

/**
 * One item as visitors see it: its photo (a tap shows it large), title, price, category and, when it is gone or held, that. The holder
 * of an accepted hold reads their own line instead of „reserviert“ (`heldByYou`); a guest on their manage page sees a waiting
 * stand's photo by their token (`privateTo`). `onPhotoShown` hears when the thumbnail has loaded (the owner's row).
 */
export function ItemSummary({
  item,
  heldByYou = false,
  privateTo,
  onPhotoShown,
}: {
  item: TItem;
  heldByYou?: boolean;
  privateTo?: string;
  onPhotoShown?: (photo: string) => void;
}) {
  const status = heldByYou ? undefined : STATUS_WORDS[item.status];
  return (
    <div className="stand-item__summary">
      <ItemPhoto item={item} privateTo={privateTo} onShown={onPhotoShown} />
      <div className="stand-item__text">
        <p className="stand-item__title">{item.title}</p>
        <p className="stand-item__facts">
          <span className="stand-item__price">{formatItemPrice(item.price)}</span>
          <span className="badge badge--category">{item.category}</span>
          {status ? <span className={`badge stand-item__status stand-item__status--${item.status}`}>{status}</span> : null}
        </p>
      </div>
    </div>
  );
}

/** An item's row on the stand page: signing in to hold it comes back to it (ItemHold, VisitorItemList). */
export const itemRowId = (itemId: string) => `angebot-${itemId}`;

/** The class of an item's row: a sold one is struck through and greyed. */
export function itemRowClass(item: TItem): string {
  return item.status === 'sold' ? 'stand-item stand-item--sold' : 'stand-item';
}
