import type { TStand } from '@flohmarkt/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SafeImage } from '@/components/ui/SafeImage';
import { ApproximateLocationNote } from '@/components/stands/ApproximateLocationNote';
import { holderBesides } from '@/lib/exhibitor-name';
import { photoStates } from '@/lib/photo-states';
import { thumbnailUrl } from '@/lib/photo-urls';
import { standTitle } from '@/lib/stand-title';
import { StandAddress } from '@/components/stands/StandAddress';
import { CategoryBadges } from '@/components/stands/CategoryBadges';
import { paths } from '@/lib/paths';

interface StandCardProps {
  stand: TStand;
  /** Edit and delete show only when the organiser's handlers are given (docs/product.md#screens-and-routes). */
  onDelete?: (stand: TStand) => void;
  editable?: boolean;
  /** Put in by the page: the heart and the live badge (issue 19). */
  extra?: ReactNode;
}

/** A stand in the event page's list; the whole card links to /stands/{id}. */
export function StandCard({ stand, onDelete, editable = false, extra }: StandCardProps) {
  const title = standTitle(stand);
  const holder = holderBesides(stand, title);
  // The first photo that can be shown: one still being processed has nothing to show yet.
  const photo = photoStates(stand).find((entry) => entry.state === 'ready')?.path;
  return (
    <article className="stand-card">
      {photo ? <SafeImage className="stand-card__photo" src={thumbnailUrl(photo)} alt="" loading="lazy" width={320} height={180} /> : null}
      <div className="stand-card__body">
        <div className="stand-card__head">
          <h3 className="stand-card__title">
            <Link to={paths.stand(stand.id)} className="stand-card__link">
              {title}
            </Link>
          </h3>
          {stand.isDraft ? <span className="badge badge--pending">ausstehend</span> : null}
          {extra}
        </div>
        {/* A numbered stand's title is its number: its address comes next (an unnumbered one is titled by it). */}
        {stand.standNumber?.trim() ? <StandAddress address={stand.address} className="stand-card__address" /> : null}
        {holder ? <p className="stand-card__holder">{holder}</p> : null}
        <ApproximateLocationNote stand={stand} />
        {stand.description ? (
          // Two lines here; the whole text on hover and on the stand page the card leads to.
          <p className="stand-card__description" title={stand.description}>
            {stand.description}
          </p>
        ) : null}
        <CategoryBadges stand={stand} />
        {stand.itemCount ? <p className="stand-card__items muted">{stand.itemCount === 1 ? '1 Angebot' : `${stand.itemCount} Angebote`}</p> : null}
        {stand.acceptsPayPal ? <p className="stand-card__paypal">PayPal akzeptiert</p> : null}
      </div>
      {editable || onDelete ? (
        <div className="stand-card__actions">
          {editable ? (
            <Link className="button button--ghost button--small" to={paths.standEdit(stand.id)} aria-label={`${title} bearbeiten`}>
              Bearbeiten
            </Link>
          ) : null}
          {onDelete ? (
            <button type="button" className="button button--ghost-danger button--small" onClick={() => onDelete(stand)} aria-label={`${title} löschen`}>
              Löschen
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
