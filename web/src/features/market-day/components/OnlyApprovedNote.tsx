import { Link } from 'react-router-dom';
import type { TMarketDay } from '@flohmarkt/contracts';
import { paths } from '@/lib/paths';

const ONLY_APPROVED = 'Hier stehen nur genehmigte Stände.';
const WAITING = 'Anmeldungen, die noch auf die Freigabe warten, kommen auf die Liste, sobald sie genehmigt sind.';
const WAITING_WITH_CAP =
  'Anmeldungen, die noch auf die Freigabe warten – auch von der Warteliste nachgerückte –, halten ihren Platz schon (bei „Freie Plätze“ mitgezählt) und kommen auf die Liste, sobald sie genehmigt sind.';

/**
 * Why a registered stand is not on the day's list (docs/product.md, the day view): only approved stands
 * are ticked in. A pending one — also one moved up from the waitlist — holds its place already, so
 * "Freie Plätze" counts it; the organiser and co-organisers, who may approve it, get the way to the review list.
 */
export function OnlyApprovedNote({ day }: { day: Pick<TMarketDay, 'eventId' | 'role' | 'counts'> }) {
  const mayApprove = day.role === 'organizer' || day.role === 'co-organizer';
  return (
    <p className="muted day-note">
      {ONLY_APPROVED} {day.counts.freePlaces === null ? WAITING : WAITING_WITH_CAP}
      {mayApprove ? (
        <>
          {' '}
          <Link to={`${paths.event(day.eventId)}#anmeldungen`}>Anmeldungen prüfen</Link>
        </>
      ) : null}
    </p>
  );
}
