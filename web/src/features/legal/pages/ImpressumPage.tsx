import { Link } from 'react-router-dom';
import { getOperatorDetails, isOperatorConfigured } from '@/lib/config';
import { LegalPage } from '../components/LegalPage';
import { OperatorAddress, OperatorMissing } from '../components/OperatorAddress';
import { paths } from '@/lib/paths';

/** /impressum: provider identification (§ 5 DDG) with the operator's configured details. */
export function ImpressumPage() {
  const operator = getOperatorDetails();
  const configured = isOperatorConfigured(operator);
  return (
    <LegalPage title="Impressum" lead="Angaben zum Anbieter dieser Plattform gemäß § 5 Digitale-Dienste-Gesetz (DDG).">
      <section>
        <h2>Anbieter</h2>
        {configured ? <OperatorAddress operator={operator} /> : <OperatorMissing />}
      </section>

      {operator.email || operator.phone ? (
        <section>
          <h2>Kontakt</h2>
          <ul className="legal__plain-list">
            {operator.email ? (
              <li>
                E-Mail: <a href={`mailto:${operator.email}`}>{operator.email}</a>
              </li>
            ) : null}
            {operator.phone ? <li>Telefon: {operator.phone}</li> : null}
          </ul>
        </section>
      ) : null}

      {operator.register || operator.vatId ? (
        <section>
          <h2>Register und Steuern</h2>
          <ul className="legal__plain-list">
            {operator.register ? <li>{operator.register}</li> : null}
            {operator.vatId ? <li>Umsatzsteuer-Identifikationsnummer gemäß § 27a UStG: {operator.vatId}</li> : null}
          </ul>
        </section>
      ) : null}

      {operator.representative ? (
        <section>
          <h2>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</h2>
          <p>{operator.representative}</p>
          {operator.addressLines.length > 0 ? <p>Anschrift wie oben.</p> : null}
        </section>
      ) : null}

      <section>
        <h2>Über diese Plattform</h2>
        <p>
          Flohmarkt ist eine kostenlose Plattform für lokale Flohmärkte. Organisatoren legen ihre Flohmärkte an, Aussteller melden ihre Stände an, Besucher
          finden Märkte und Stände in ihrer Nähe. Für die Nutzung fallen keine Gebühren an; es gibt keine Werbung und kein Tracking.
        </p>
      </section>

      <section>
        <h2>Inhalte der Nutzerinnen und Nutzer</h2>
        <p>
          Flohmärkte, Stände, Fotos, Profile und Bewertungen werden von den Nutzerinnen und Nutzern selbst eingestellt. Für diese Inhalte sind die jeweiligen
          Personen verantwortlich. Als Diensteanbieter sind wir für fremde Inhalte nach den allgemeinen Gesetzen erst verantwortlich, sobald wir von einer
          konkreten Rechtsverletzung Kenntnis erhalten; dann entfernen wir den betreffenden Inhalt umgehend.
        </p>
        <p>
          Wenn dir ein rechtswidriger Inhalt auffällt – etwa ein Angebot verbotener Waren, eine Urheberrechtsverletzung oder eine beleidigende Bewertung –,
          melde ihn bitte
          {operator.email ? (
            <>
              {' '}
              per E-Mail an <a href={`mailto:${operator.email}`}>{operator.email}</a>
            </>
          ) : (
            ' über die oben genannten Kontaktdaten'
          )}
          . Nenne dabei bitte den Link zur betreffenden Seite und kurz den Grund.
        </p>
      </section>

      <section>
        <h2>Links auf andere Webseiten</h2>
        <p>
          Organisatoren und Aussteller können auf eigene Webseiten sowie auf Angebote bei Kleinanzeigen oder Vinted verlinken. Für die Inhalte dieser Seiten
          sind ausschließlich deren Betreiber verantwortlich. Zum Zeitpunkt der Verlinkung erkennbare Rechtsverstöße entfernen wir, sobald wir davon erfahren.
        </p>
      </section>

      <section>
        <h2>Kartendaten</h2>
        <p>
          Kartendaten © OpenStreetMap-Mitwirkende, verfügbar unter der Open Database License (ODbL). Ortsdaten der Standortsuche: GeoNames (CC BY 4.0) und
          OpenStreetMap (ODbL). Einzelheiten stehen in der <Link to={paths.privacy()}>Datenschutzerklärung</Link>.
        </p>
      </section>

      <section>
        <h2>Streitbeilegung</h2>
        <p>Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.</p>
      </section>
    </LegalPage>
  );
}
