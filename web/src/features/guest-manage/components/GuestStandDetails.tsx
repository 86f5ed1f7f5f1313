import { CategoryList } from '@/components/stands/CategoryList';
import { FactRow } from '@/components/ui/FactRow';
import { addressLine, type TGuestStandView } from '@flohmarkt/contracts';

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
        <FactRow label="Name">{name || '–'}</FactRow>
        {stand.guestEmail ? <FactRow label="E-Mail">{stand.guestEmail}</FactRow> : null}
        <FactRow label="Standnummer oder -name">{stand.standNumber || '–'}</FactRow>
        <FactRow label="Adresse">{stand.address ? addressLine(stand.address) : '–'}</FactRow>
        <FactRow label="Beschreibung">
          <span className="prose">{stand.description || '–'}</span>
        </FactRow>
        <FactRow label="Kategorien">
          <CategoryList categories={stand.categories} shown={stand.categories.length} />
        </FactRow>
        {extras.length > 0 ? <FactRow label="Essen und Aktionen">{extras.join(', ')}</FactRow> : null}
        <FactRow label="PayPal">{stand.acceptsPayPal ? 'Ja' : 'Nein'}</FactRow>
        {/* Where the address already says where the stand is, "nicht angegeben" under it read as a contradiction. */}
        {stand.latitude && stand.longitude ? <FactRow label="Standort">Auf der Karte markiert</FactRow> : null}
        {!(stand.latitude && stand.longitude) && !stand.address ? <FactRow label="Standort">Nicht angegeben</FactRow> : null}
      </dl>
    </section>
  );
}
