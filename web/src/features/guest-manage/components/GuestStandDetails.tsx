import type { ReactNode } from 'react';
import { CategoryList } from '@/components/stands/CategoryList';
import type { TGuestStandView } from '@flohmarkt/contracts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="facts__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What the guest submitted, as the organiser sees it (the registration cannot be edited afterwards). */
export function GuestStandDetails({ stand }: { stand: TGuestStandView }) {
  const name = [stand.guestFirstName, stand.guestLastName].filter(Boolean).join(' ');
  const extras = [...stand.foodCategories, ...stand.activityCategories];
  return (
    <section className="card" aria-labelledby="guest-details-title">
      <h2 id="guest-details-title" className="card__title">
        Deine Angaben
      </h2>
      <dl className="facts">
        <Row label="Name">{name || '–'}</Row>
        {stand.guestEmail ? <Row label="E-Mail">{stand.guestEmail}</Row> : null}
        <Row label="Standnummer oder -name">{stand.standNumber || '–'}</Row>
        <Row label="Beschreibung">
          <span className="prose">{stand.description || '–'}</span>
        </Row>
        <Row label="Kategorien">
          <CategoryList categories={stand.categories} shown={stand.categories.length} />
        </Row>
        {extras.length > 0 ? <Row label="Essen und Aktionen">{extras.join(', ')}</Row> : null}
        <Row label="PayPal">{stand.acceptsPayPal ? 'Ja' : 'Nein'}</Row>
        <Row label="Standort">{stand.latitude && stand.longitude ? 'Auf der Karte markiert' : 'Nicht angegeben'}</Row>
      </dl>
    </section>
  );
}
