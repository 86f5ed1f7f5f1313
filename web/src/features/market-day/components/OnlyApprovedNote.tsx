import { Link } from 'react-router-dom';
import { DATE_LOCALE, type TMarketDay } from '@flohmarkt/contracts';
import { paths } from '@/lib/paths';

const ONLY_APPROVED = 'Hier stehen nur genehmigte Stände.';

/** "Eine Anmeldung wartet …" / "3 Anmeldungen warten …": how many are off the list, and that they hold their places where places are counted. */
function waitingText(pending: number, placesCounted: boolean): string {
  if (pending === 1) {
    return `Eine Anmeldung wartet noch auf die Freigabe und kommt auf die Liste, sobald sie genehmigt ist.${placesCounted ? ' Ihren Platz hält sie schon: „Freie Plätze“ zählt sie mit.' : ''}`;
  }
  const many = new Intl.NumberFormat(DATE_LOCALE).format(pending);
  return `${many} Anmeldungen warten noch auf die Freigabe (auch von der Warteliste nachgerückte) und kommen auf die Liste, sobald sie genehmigt sind.${placesCounted ? ' Ihre Plätze halten sie schon: „Freie Plätze“ zählt sie mit.' : ''}`;
}

/**
 * Why a registered stand is not on the day's list (docs/product.md, the day view): only approved stands
 * are ticked in. The note says how many wait for approval — a stand moved up from the waitlist too —
 * and, where places are counted, that they hold theirs already; the organiser and co-organisers, who
 * may approve them, get the way to the review list.
 */
export function OnlyApprovedNote({ day }: { day: Pick<TMarketDay, 'eventId' | 'role' | 'counts'> }) {
  const { pending, freePlaces } = day.counts;
  const mayApprove = day.role === 'organizer' || day.role === 'co-organizer';
  return (
    <p className="muted day-note">
      {ONLY_APPROVED}
      {pending > 0 ? ` ${waitingText(pending, freePlaces !== null)}` : null}
      {pending > 0 && mayApprove ? (
        <>
          {' '}
          <Link to={`${paths.event(day.eventId)}#anmeldungen`}>Anmeldungen prüfen</Link>
        </>
      ) : null}
    </p>
  );
}
