import type { THold, TItem, TStand } from '@flohmarkt/contracts';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useEvent } from '@/features/events/api/get-event';
import { HOLDS_CLOSED_TEXT, isOpenHold } from '@/features/holds/api/hold-text';
import { useMyHolds } from '@/features/holds/api/holds';
import { useHoldsClosed } from '../lib/holds-closed';
import { ItemHold } from './ItemHold';
import { ItemSummary, itemRowClass, itemRowId } from './ItemRow';

/** The visitor's open holds by item: only one may be open per item. */
function openHoldsByItem(holds: THold[] | undefined): Map<string, THold> {
  return new Map((holds ?? []).filter((hold) => isOpenHold(hold.status)).map((hold) => [hold.itemId, hold]));
}

/** The items as visitors see them, each with what they may do about holding it. */
export function VisitorItemList({ stand, items }: { stand: TStand; items: TItem[] }) {
  const { user } = useCurrentUser();
  // The market's start says until when a hold lasts (the stand page has read the event already).
  const event = useEvent(stand.eventId).data ?? null;
  const myHolds = openHoldsByItem(useMyHolds(user !== null).data);
  // Past the market's hold time (or once it is cancelled or over) no item offers „Reservieren“; one sentence says why.
  const holds = useHoldsClosed(event, stand.holdMinutes);
  const mayOffer = stand.status === 'approved' && user?.id !== stand.exhibitorId && items.some((item) => item.status === 'available');
  useScrollToLinkedItem(items);
  return (
    <>
      {holds.reason && mayOffer ? <p className="stand-items__holds-closed">{HOLDS_CLOSED_TEXT[holds.reason]}</p> : null}
      <ul className="stand-items__list">
        {items.map((item) => {
          const myHold = myHolds.get(item.id);
          return (
            <li key={item.id} id={itemRowId(item.id)} className={itemRowClass(item)}>
              <ItemSummary item={item} heldByYou={myHold?.status === 'accepted'} />
              {item.status === 'sold' ? null : (
                <ItemHold item={item} stand={stand} event={event} user={user} myHold={myHold} holdsClosed={holds.reason !== null} recheck={holds.recheck} />
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * Back from signing in to hold an item, the page opens at that item (`#angebot-…`): the browser's own
 * jump to the fragment comes before the list is loaded, so the list makes it once it is there.
 */
function useScrollToLinkedItem(items: TItem[]): void {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    const linked = items.find((item) => hash === `#${itemRowId(item.id)}`);
    if (!linked) return;
    done.current = true;
    document.getElementById(itemRowId(linked.id))?.scrollIntoView?.({ block: 'center' });
  }, [items, hash]);
}
