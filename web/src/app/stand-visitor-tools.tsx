import type { TEvent, TStand } from '@flohmarkt/contracts';
import { FavouriteButton } from '@/features/favourites/components/FavouriteButton';
import { LiveStatusBadge } from '@/features/live-status/components/LiveStatusBadge';
import { LiveStatusControls } from '@/features/live-status/components/LiveStatusControls';
import { standTitle } from '@/lib/stand-title';

/**
 * What issue 19 adds to the stand page, put together here because a feature shows only its own parts:
 * the live badge and the heart beside the title, and for owner, organiser or admin the day's state buttons.
 */
export function StandVisitorTools({ stand, event, mayEdit }: { stand: TStand; event: TEvent | null; mayEdit: boolean }) {
  return (
    <>
      <div className="badge-row">
        <LiveStatusBadge stand={stand} />
        {stand.status === 'approved' ? <FavouriteButton kind="stands" id={stand.id} label={standTitle(stand)} /> : null}
      </div>
      <LiveStatusControls stand={stand} event={event} allowed={mayEdit} />
    </>
  );
}
