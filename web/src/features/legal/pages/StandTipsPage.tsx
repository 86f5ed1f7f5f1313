import { Link } from 'react-router-dom';
import { LegalPage } from '../components/LegalPage';
import { paths } from '@/lib/paths';

/** /legal-notice ('Tipps für Stände'): practical rules for selling, food and music at a stand. */
export function StandTipsPage() {
  return (
    <LegalPage
      title="Tipps für Stände"
      lead="Was du beim Verkaufen auf dem Flohmarkt wissen solltest: gebrauchte Waren, Essen und Getränke, Musik. Die Hinweise geben einen Überblick und ersetzen keine Rechtsberatung; im Zweifel hilft das Ordnungsamt deiner Stadt oder Gemeinde."
    >
      <nav aria-label="Inhalt" className="legal__toc">
        <ul>
          <li>
            <a href="#gebrauchtes">Gebrauchtes verkaufen</a>
          </li>
          <li>
            <a href="#essen">Essen und Getränke</a>
          </li>
          <li>
            <a href="#musik">Musik und GEMA</a>
          </li>
          <li>
            <a href="#vorbereitung">Gut vorbereitet</a>
          </li>
        </ul>
      </nav>

      <section id="gebrauchtes" aria-labelledby="gebrauchtes-title">
        <h2 id="gebrauchtes-title">Gebrauchtes verkaufen</h2>
        <h3>Brauche ich einen Gewerbeschein?</h3>
        <p>
          Wer gelegentlich eigene, gebrauchte Sachen aus dem Haushalt verkauft, handelt privat und braucht keine Gewerbeanmeldung. Anders ist es, wenn du
          regelmäßig verkaufst, gezielt Ware ankaufst, um sie weiterzuverkaufen, oder Neuware anbietest: Dann kann ein Gewerbe vorliegen, das beim Gewerbeamt
          anzumelden ist und steuerlich zählt. Manche Organisatoren lassen gewerbliche Händler nur gegen Anmeldung oder gar nicht zu – achte auf die Regeln des
          Flohmarkts.
        </p>
        <h3>Muss ich Einnahmen versteuern?</h3>
        <p>
          Der Verkauf eigener Gebrauchsgegenstände ist für Privatleute in aller Regel steuerfrei. Steuerlich relevant wird es bei gewerblichem Handel und beim
          Verkauf wertvoller Einzelstücke, die du erst vor kurzem gekauft hast (private Veräußerungsgeschäfte). Bei Unsicherheit hilft das Finanzamt oder eine
          Steuerberatung.
        </p>
        <h3>Gewährleistung: „gekauft wie gesehen“</h3>
        <p>
          Als Privatperson darfst du die Gewährleistung ausschließen. Ein gut sichtbares Schild „Privatverkauf – keine Garantie, keine Rücknahme“ schafft
          Klarheit. Bekannte Mängel musst du trotzdem ehrlich nennen: Wer einen Fehler verschweigt, haftet dennoch.
        </p>
        <h3>Was nicht auf den Tisch gehört</h3>
        <ul>
          <li>Waffen und Munition, verbotene Gegenstände wie Schlagringe oder Butterflymesser sowie Feuerwerk,</li>
          <li>gefälschte Markenware und Raubkopien von Filmen, Musik oder Spielen,</li>
          <li>Arzneimittel, auch angebrochene oder abgelaufene,</li>
          <li>lebende Tiere, sofern der Organisator es nicht ausdrücklich erlaubt,</li>
          <li>Filme und Spiele mit der Kennzeichnung „Keine Jugendfreigabe“ oder „ab 18“ nur an Erwachsene abgeben und nicht offen auslegen,</li>
          <li>
            Kindersitze, Fahrradhelme und Elektrogeräte nur, wenn sie unbeschädigt sind; bei Elektrogeräten mit Netzstecker solltest du sagen, ob sie
            funktionieren.
          </li>
        </ul>
      </section>

      <section id="essen" aria-labelledby="essen-title">
        <h2 id="essen-title">Essen und Getränke</h2>
        <p>
          Waffeln, Kuchen oder Kaffee machen einen Flohmarkt gemütlich – für Lebensmittel gelten aber eigene Regeln. Wer Essen abgibt, ist dafür verantwortlich,
          dass es niemanden krank macht (EU-Lebensmittelhygiene-Verordnung).
        </p>
        <h3>Sprich zuerst mit dem Organisator</h3>
        <p>
          Viele Organisatoren regeln den Verkauf von Speisen selbst, vergeben feste Plätze oder haben die Genehmigung für das ganze Event eingeholt. Auf
          öffentlichen Flächen verlangen Städte und Gemeinden oft eine Anmeldung beim Ordnungsamt oder der Lebensmittelüberwachung.
        </p>
        <h3>Hygiene am Stand</h3>
        <ul>
          <li>Saubere Hände und Arbeitsflächen; Wasser, Seife und Einmalhandtücher bereithalten.</li>
          <li>Lebensmittel abdecken und nicht am Boden lagern.</li>
          <li>Leicht verderbliche Speisen (Sahne, Creme, Mayonnaise, rohe Eier, Hackfleisch) besser weglassen oder durchgehend kühlen, höchstens 7 °C.</li>
          <li>Geld und Lebensmittel nicht mit derselben Hand anfassen, Zange oder Servietten nutzen.</li>
          <li>Wer krank ist – etwa mit Durchfall oder offenen Wunden an den Händen –, bereitet kein Essen zu.</li>
        </ul>
        <h3>Belehrung und Kennzeichnung</h3>
        <p>
          Wer gewerbsmäßig mit offenen Lebensmitteln arbeitet, braucht eine Belehrung nach § 43 Infektionsschutzgesetz durch das Gesundheitsamt. Für
          gelegentliche private oder gemeinnützige Kuchenverkäufe verlangen das viele Behörden nicht – frag im Zweifel nach. Wer regelmäßig verkauft, muss
          außerdem die 14 Hauptallergene (zum Beispiel Gluten, Ei, Milch, Nüsse) angeben; ein Schild mit den Zutaten ist auch beim privaten Verkauf ein guter
          Service.
        </p>
        <h3>Alkohol</h3>
        <p>
          Für den Ausschank von Alkohol brauchst du in der Regel eine vorübergehende Gestattung nach dem Gaststättenrecht des Landes. Bier und Wein nur an
          Jugendliche ab 16, Spirituosen erst ab 18 Jahren (Jugendschutzgesetz).
        </p>
      </section>

      <section id="musik" aria-labelledby="musik-title">
        <h2 id="musik-title">Musik und GEMA</h2>
        <p>
          Musik, die öffentlich gespielt wird, ist in Deutschland meist lizenzpflichtig. Die GEMA nimmt die Rechte der meisten Komponisten und Textdichter wahr;
          für Aufnahmen kommen die Rechte der Musiker und Labels hinzu.
        </p>
        <ul>
          <li>
            <strong>Musik für alle:</strong> Lässt der Organisator Musik über Lautsprecher laufen oder tritt eine Band auf, meldet er die Veranstaltung vorher
            bei der GEMA an. Kläre mit ihm, ob das auch für Musik an einzelnen Ständen gilt.
          </li>
          <li>
            <strong>Musik am eigenen Stand:</strong> Ist sie für Besucher deutlich hörbar, gilt sie als öffentliche Wiedergabe. Am einfachsten verzichtest du
            darauf oder spielst Musik, die nicht von der GEMA vertreten wird (zum Beispiel ausdrücklich GEMA-freie Titel).
          </li>
          <li>
            <strong>Platten und CDs anspielen:</strong> Kurzes Probehören für Kaufinteressierte ist üblich; eine Dauerbeschallung ist etwas anderes.
          </li>
          <li>
            <strong>Lautstärke:</strong> Auch ohne GEMA gilt Rücksicht auf Nachbarstände und Anwohner; viele Städte schreiben Ruhezeiten vor.
          </li>
        </ul>
      </section>

      <section id="vorbereitung" aria-labelledby="vorbereitung-title">
        <h2 id="vorbereitung-title">Gut vorbereitet</h2>
        <ul>
          <li>Wechselgeld in kleinen Scheinen und Münzen; wer PayPal annimmt, gibt das im Standprofil an.</li>
          <li>Preise vorher überlegen oder auszeichnen – das spart Diskussionen.</li>
          <li>Tisch, Decke, Sonnen- und Regenschutz, Kisten für Bücher und Platten mitbringen.</li>
          <li>Beschwere leichte Ware bei Wind und lass Wertsachen nicht unbeaufsichtigt.</li>
          <li>Nimm mit, was nicht verkauft wurde; oft gibt es Sozialkaufhäuser oder Tauschregale in der Nähe.</li>
          <li>
            Melde deinen Stand auf der Eventseite mit Fotos und Kategorien an, damit Besucher dich finden – am besten mit der genauen Position auf der Karte.
          </li>
        </ul>
        <p>
          Zurück zu den <Link to={paths.home()}>Flohmärkten in deiner Nähe</Link>.
        </p>
      </section>
    </LegalPage>
  );
}
