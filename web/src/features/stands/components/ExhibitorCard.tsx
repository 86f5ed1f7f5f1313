import type { TStand } from '@flohmarkt/contracts';
import { Link } from 'react-router-dom';
import { FactRow } from '@/components/ui/FactRow';
import { StarRating } from '@/components/ui/StarRating';
import { useExhibitor } from '@/features/exhibitors/api/get-exhibitor';
import { formatMonthYear } from '@flohmarkt/contracts';
import { exhibitorDisplayName } from '@/lib/exhibitor-name';
import { paths } from '@/lib/paths';

/** Who runs the stand: name, total stands, member since and the profile link; guests by name only. */
export function ExhibitorCard({ stand }: { stand: TStand }) {
  // A private profile (docs/product.md#privacy): the name only, no figures and no link.
  const profilePrivate = stand.exhibitor?.profilePublic === false;
  // 'Nur die Standnummer': the public read has no person at all (no name, no id); it is not a guest either.
  const numberOnly = stand.nameDisplay === 'number' && stand.exhibitorId === null && stand.exhibitor === null;
  const exhibitor = useExhibitor(profilePrivate ? null : stand.exhibitorId);
  const name = numberOnly ? (stand.standNumber ? `Stand ${stand.standNumber}` : 'Aussteller') : exhibitorDisplayName(stand);

  return (
    <section className="card" aria-labelledby="exhibitor-title">
      <h2 id="exhibitor-title" className="card__title">
        Aussteller
      </h2>
      <p className="exhibitor-card__name">{name}</p>
      {numberOnly ? (
        <p className="muted">Der Aussteller zeigt hier nur die Standnummer.</p>
      ) : profilePrivate ? (
        <p className="muted">Profil nicht öffentlich</p>
      ) : stand.exhibitorId ? (
        <>
          {exhibitor.data ? (
            <dl className="facts">
              <FactRow label="Freigegebene Stände">{exhibitor.data.totalStands}</FactRow>
              <FactRow label="Mitglied seit">{formatMonthYear(exhibitor.data.memberSince)}</FactRow>
              {Number(exhibitor.data.avgRating) > 0 ? (
                <FactRow label="Bewertung">
                  <StarRating value={Number(exhibitor.data.avgRating)} size="sm" />
                </FactRow>
              ) : null}
            </dl>
          ) : null}
          <Link className="button button--outline button--block" to={paths.exhibitor(stand.exhibitorId)}>
            Profil ansehen
          </Link>
        </>
      ) : (
        <p className="muted">Gast-Aussteller ohne Profil</p>
      )}
    </section>
  );
}
