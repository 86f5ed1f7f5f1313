import type { TStand } from '@flohmarkt/contracts';
import { Link } from 'react-router-dom';
import { standTitle } from '@/lib/stand-title';
import { paths } from '@/lib/paths';
import { StandStatusBadge } from './StandStatusBadge';

/** A stand row's first line (own stands, the profile's latest): its title linking to the stand, and its state. */
export function StandRowHeading({ stand }: { stand: TStand }) {
  return (
    <div className="stand-row__main">
      <Link className="stand-row__title" to={paths.stand(stand.id)}>
        {standTitle(stand)}
      </Link>
      <StandStatusBadge status={stand.status} waitlistPosition={stand.waitlistPosition} />
    </div>
  );
}
