import { TOASTS, type TStand, type TStandNumberOrder } from '@flohmarkt/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { useNumberStands } from '@/features/stands/api/number-stands';
import { exhibitorDisplayName } from '@/lib/exhibitor-name';
import { standTitle } from '@/lib/stand-title';
import '@/features/organiser-cockpit/organiser-cockpit.css';
import { paths } from '@/lib/paths';

const ORDERS: { value: TStandNumberOrder; label: string; hint: string }[] = [
  {
    value: 'street',
    label: 'Straße für Straße',
    hint: 'Stände mit Adresse nach Straßenname und Hausnummer, die ungerade Seite hinauf und die gerade zurück; die übrigen jede Straße von einem Ende zum anderen, ohne bekannte Straßennamen in Streifen von etwa 100 m.',
  },
  { value: 'walk', label: 'Kürzester Rundgang', hint: 'Entlang des kürzesten Wegs vom Treffpunkt des Flohmarkts über alle Stände.' },
];

/** What the click did: the stands that got a number, in number order. */
function resultText(numbered: TStand[]): string {
  if (numbered.length === 0) return 'Alle genehmigten Stände haben schon eine Nummer.';
  const first = numbered[0]?.standNumber;
  const last = numbered[numbered.length - 1]?.standNumber;
  return numbered.length === 1 ? `1 Stand hat die Nummer ${first} bekommen.` : `${numbered.length} Stände haben die Nummern ${first} bis ${last} bekommen.`;
}

/**
 * 'Stände nummerieren' (issue 18): numbers every approved stand without a number in one click,
 * street by street or along the shortest walk. Numbers already given stay; new ones continue
 * after the highest the event ever gave; each stays editable on its stand.
 */
export function StandNumberingCard({ eventId }: { eventId: string }) {
  const [order, setOrder] = useState<TStandNumberOrder>('street');
  const [numbered, setNumbered] = useState<TStand[] | null>(null);
  const numbering = useNumberStands(eventId);
  const titleId = useId();

  const run = () =>
    numbering.mutate(
      { order },
      {
        onSuccess: (stands) => {
          setNumbered(stands);
          toast({ title: TOASTS.standsNumbered(stands.length) });
        },
        onError: (error) => toastError(TOASTS.standNumberingFailed(error.message)),
      },
    );

  return (
    <section className="card stand-numbering" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        Stände nummerieren
      </h2>
      <p className="field-hint">Gibt jedem genehmigten Stand ohne Nummer eine. Vergebene Nummern bleiben, jede lässt sich am Stand ändern.</p>
      <fieldset className="stand-numbering__orders">
        <legend className="visually-hidden">Reihenfolge</legend>
        {ORDERS.map((o) => (
          <label key={o.value} className="stand-numbering__order">
            <input type="radio" name={`${titleId}-order`} value={o.value} checked={order === o.value} onChange={() => setOrder(o.value)} />
            <span>
              <span className="stand-numbering__label">{o.label}</span>
              <span className="stand-numbering__hint">{o.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <button type="button" className="button button--primary button--block" onClick={run} disabled={numbering.isPending}>
        {numbering.isPending ? 'Wird nummeriert …' : 'Stände nummerieren'}
      </button>
      {numbered ? (
        <div className="stand-numbering__result" role="status">
          <p>{resultText(numbered)}</p>
          {numbered.length > 0 ? (
            <details>
              <summary>Neue Nummern ansehen</summary>
              <ol className="stand-numbering__list">
                {numbered.map((stand) => (
                  <li key={stand.id}>
                    <Link to={paths.stand(stand.id)}>{standTitle(stand)}</Link> · {exhibitorDisplayName(stand)}
                  </li>
                ))}
              </ol>
            </details>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
