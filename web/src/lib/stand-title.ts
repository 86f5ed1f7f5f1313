import { numberTitle, standLabel, standTitle as titleOf, type TStand } from '@flohmarkt/contracts';

type StandId = Pick<TStand, 'id' | 'standNumber'>;
type Named = StandId & Partial<Pick<TStand, 'label' | 'address' | 'exhibitor' | 'guestFirstName' | 'guestLastName'>>;

/** The stand page's title as the product spec fixes it: 'Stand #12' (a typed name as it is), or the last 6 characters of the id. */
export function standPageTitle(stand: StandId): string {
  const number = stand.standNumber?.trim();
  return number ? numberTitle(number) : `Stand #${stand.id.slice(-6)}`;
}

/**
 * What a stand is called everywhere else (cards, lists, the route, My stands, the review list):
 * 'Stand #12', else the server's `label` — the public address ('Hohe Straße 12'), the display name
 * or 'Stand ohne Nummer' (issue 33), never a piece of the id. A read kept from before labels existed
 * (the offline event page) is named by the same rule here.
 */
export function standTitle(stand: Named): string {
  return titleOf({ standNumber: stand.standNumber, label: labelOf(stand) });
}

/** The server's `label` of a stand (GPX waypoints, the route's stops), or the same rule's answer for a read kept from before. */
export function labelOf(stand: Named): string {
  return (
    stand.label ??
    standLabel({
      standNumber: stand.standNumber,
      address: stand.address ?? null,
      exhibitor: stand.exhibitor ?? null,
      guestFirstName: stand.guestFirstName ?? null,
      guestLastName: stand.guestLastName ?? null,
    })
  );
}

/** Map popups say 'Ohne Nummer' instead of the id (docs/product.md#stands); the address follows below the title. */
export function standPopupTitle(stand: StandId): string {
  const number = stand.standNumber?.trim();
  return number ? numberTitle(number) : 'Ohne Nummer';
}
