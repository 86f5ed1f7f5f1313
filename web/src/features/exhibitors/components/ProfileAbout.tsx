import type { TExhibitor } from '@flohmarkt/contracts';
import { NewTabLink } from '@/components/ui/NewTabLink';

/** Bio, specialties and the two classified-ad links of a seller profile. */
export function ProfileAbout({ exhibitor }: { exhibitor: TExhibitor }) {
  const hasLinks = Boolean(exhibitor.kleinanzeigenUrl || exhibitor.vintedUrl);
  return (
    <section className="card" aria-labelledby="about-title">
      <h2 id="about-title" className="card__title">
        Über mich
      </h2>
      {exhibitor.bio ? <p className="prose">{exhibitor.bio}</p> : <p className="muted">Noch keine Beschreibung.</p>}
      {exhibitor.specialties.length > 0 ? (
        <>
          <h3 className="card__subtitle">Spezialgebiete</h3>
          <ul className="badge-list">
            {exhibitor.specialties.map((s) => (
              <li key={s} className="badge">
                {s}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {hasLinks ? (
        <>
          <h3 className="card__subtitle">Auch zu finden auf</h3>
          <ul className="exhibitor-links">
            {exhibitor.kleinanzeigenUrl ? (
              <li>
                <NewTabLink href={exhibitor.kleinanzeigenUrl} rel="noopener noreferrer nofollow">
                  Kleinanzeigen
                </NewTabLink>
              </li>
            ) : null}
            {exhibitor.vintedUrl ? (
              <li>
                <NewTabLink href={exhibitor.vintedUrl} rel="noopener noreferrer nofollow">
                  Vinted
                </NewTabLink>
              </li>
            ) : null}
          </ul>
        </>
      ) : null}
    </section>
  );
}
