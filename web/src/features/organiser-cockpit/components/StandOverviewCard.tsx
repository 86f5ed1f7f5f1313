import type { TStandArea } from '@flohmarkt/contracts';
import { useId } from 'react';
import { StandCounters } from '@/components/events/StandCounters';
import { useStandOverview } from '@/features/stands/api/get-stand-overview';
import '@/features/organiser-cockpit/organiser-cockpit.css';

/** The thinnest areas are what the organiser acts on; the rest stay one click away. */
const AREAS_SHOWN = 5;

/** What the areas are called: streets where the server knows them, grid cells ('Bereich N') for the rest. */
function areaWords(areas: TStandArea[]): { title: string; column: string; all: string; hint: string } {
  const streets = areas.some((a) => a.kind === 'street');
  const cells = areas.some((a) => a.kind === 'cell');
  if (streets && cells) {
    return {
      title: 'Stände nach Straße',
      column: 'Straße oder Bereich',
      all: 'Straßen und Bereiche',
      hint: 'Die dünnsten zuerst; Stände, deren Straße noch nicht bekannt ist, stehen in Bereichen von etwa 100 × 100 m.',
    };
  }
  if (streets) return { title: 'Stände nach Straße', column: 'Straße', all: 'Straßen', hint: 'Die dünnsten Straßen zuerst.' };
  return { title: 'Stände nach Bereich', column: 'Bereich', all: 'Bereiche', hint: 'Die dünnsten Bereiche zuerst; ein Bereich ist etwa 100 × 100 m groß.' };
}

/**
 * The organiser's overview (issue 18): approved, pending and waitlisted stands, the free places
 * (cap minus approved and pending), and where the stands are, per street (named by the server's
 * geocoder) or per grid cell without one, the thinnest first, so thin streets show before the day.
 */
export function StandOverviewCard({ eventId }: { eventId: string }) {
  const overview = useStandOverview(eventId, true);
  const titleId = useId();
  if (overview.isPending || overview.isError) return null;
  const o = overview.data;
  const words = areaWords(o.areas);
  return (
    <section className="card stand-overview" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        Deine Übersicht
      </h2>
      <StandCounters counts={o} block="stand-overview" />
      {o.areas.length > 0 ? (
        <>
          <h3 className="stand-overview__subtitle">{words.title}</h3>
          <AreaTable areas={o.areas.slice(0, AREAS_SHOWN)} column={words.column} />
          {o.areas.length > AREAS_SHOWN ? (
            <details className="stand-overview__more">
              <summary>
                Alle {o.areas.length} {words.all} ansehen
              </summary>
              <AreaTable areas={o.areas.slice(AREAS_SHOWN)} column={words.column} />
            </details>
          ) : null}
          <p className="field-hint">{words.hint}</p>
        </>
      ) : null}
      {o.withoutPosition > 0 ? (
        <p className="field-hint">{o.withoutPosition === 1 ? '1 Stand ohne Standort' : `${o.withoutPosition} Stände ohne Standort`}</p>
      ) : null}
    </section>
  );
}

function AreaTable({ areas, column }: { areas: TStandArea[]; column: string }) {
  return (
    <table className="stand-overview__areas">
      <thead>
        <tr>
          <th scope="col">{column}</th>
          <th scope="col">Genehmigt</th>
          <th scope="col">Wartend</th>
        </tr>
      </thead>
      <tbody>
        {areas.map((a) => (
          <tr key={a.name}>
            <th scope="row">{a.name}</th>
            <td>{a.approved}</td>
            <td>{a.pending}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
