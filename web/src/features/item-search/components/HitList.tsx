import { formatEventSpan, formatKm } from '@flohmarkt/contracts';
import { Link } from 'react-router-dom';
import { PhotoImage } from '@/components/photos/PhotoImage';
import { paths } from '@/lib/paths';
import { thumbnailUrl } from '@/lib/photo-urls';
import { formatItemPrice } from '@flohmarkt/contracts';
import type { HitMarket, HitStand } from '../lib/group-hits';

/** A stand's distance; an approximate stand's point is its area's, so the distance is about. */
function distanceText(stand: HitStand): string {
  return `${stand.locationApproximate ? 'etwa ' : ''}${formatKm(stand.distanceKm)} entfernt`;
}

function StandHits({ stand }: { stand: HitStand }) {
  return (
    <li className="hit-stand">
      <p className="hit-stand__head">
        <Link to={paths.stand(stand.id)} className="hit-stand__label">
          {stand.label}
        </Link>
        <span className="muted"> · {distanceText(stand)}</span>
      </p>
      {stand.items.length > 0 ? (
        <ul className="hit-items">
          {stand.items.map((item) => (
            <li key={item.id} className="hit-item">
              {item.photo ? <PhotoImage src={thumbnailUrl(item.photo)} alt="" className="hit-item__thumb" loading="lazy" width={48} height={48} /> : null}
              <span className="hit-item__title">{item.title}</span>
              <span className="hit-item__price">{formatItemPrice(item.price)}</span>
              {item.status === 'held' ? <span className="badge badge--pending">reserviert</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {stand.descriptionMatched ? <p className="hit-stand__description">Stand: passt zur Beschreibung</p> : null}
    </li>
  );
}

/** The hits by market (name, days, place, link), then by stand (label, link, distance), then the items. */
export function HitList({ markets }: { markets: HitMarket[] }) {
  return (
    <ol className="hit-markets">
      {markets.map(({ event, stands }) => (
        <li key={event.id} className="hit-market card" tabIndex={-1}>
          <h2 className="hit-market__name">
            <Link to={paths.event(event.id)}>{event.name}</Link>
          </h2>
          <p className="hit-market__meta">{formatEventSpan(event.startDateTime, event.endDateTime)}</p>
          <p className="hit-market__meta">{event.location}</p>
          <ul className="hit-stands">
            {stands.map((stand) => (
              <StandHits key={stand.id} stand={stand} />
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
