import { LIMITS } from './limits.js';
import { standTooFar } from './messages.js';

// The product's validation messages (its other sentences are in messages.ts), in a module of their
// own: the forms and the servers need them, the first paint of the web app does not, and a bundler
// places whole modules (so the landing page's scripts carry none of them).

/** Inherited validation messages (docs/product.md#german-texts), followed by our own. */
export const VALIDATION = {
  // Guest stand form
  guestFirstNameRequired: 'Vorname ist erforderlich',
  guestDescriptionMinLength: 'Beschreibung muss mindestens 10 Zeichen haben',
  guestCategoriesRequired: 'Wähle mindestens eine Kategorie',
  // Event create / edit
  eventStartRequired: 'Start-Datum ist erforderlich',
  eventEndRequired: 'End-Datum ist erforderlich',
  eventEditStartRequired: 'Start-Datum und -Zeit sind erforderlich',
  eventEditEndRequired: 'End-Datum und -Zeit sind erforderlich',
  // Stand register
  standDescriptionMinLength: 'Beschreibung muss mindestens 10 Zeichen haben',
  standCategoriesRequired: 'Wählen Sie mindestens eine Kategorie',
  standCategoriesRequiredToast: 'Bitte wählen Sie mindestens eine Kategorie aus.',
  standLocationRequired: 'Bitte wählen Sie einen Standort auf der Karte aus.',
  standTooFar,
  // Stand edit
  standDescriptionRequired: 'Beschreibung ist erforderlich',
  standEditCategoriesRequired: 'Wählen Sie mindestens eine Kategorie aus.',
  // Profile
  firstNameRequired: 'Vorname ist erforderlich',
  firstNameTooLong: 'Vorname zu lang',
  lastNameRequired: 'Nachname ist erforderlich',
  lastNameTooLong: 'Nachname zu lang',
  invalidUrl: 'Bitte geben Sie eine gültige URL ein',
  // Photo upload
  imageRequired: 'Bitte wähle eine Bilddatei aus',

  // Own messages: every field still answers one German sentence.
  invalidStandCategory: 'Unbekannte Kategorie. Bitte wähle eine Kategorie aus der Liste.',
  invalidFoodCategory: 'Unbekannte Essens-Kategorie. Bitte wähle eine Kategorie aus der Liste.',
  invalidActivityCategory: 'Unbekannte Aktions-Kategorie. Bitte wähle eine Kategorie aus der Liste.',
  invalidCategoryList: 'Die Kategorien müssen als Liste angegeben werden.',
  invalidText: 'Bitte gib einen Text ein.',
  // NUL or a lone surrogate half: nothing a keyboard types, and no text column could keep it.
  invalidCharacters: 'Der Text enthält unzulässige Zeichen, bitte entferne sie.',
  textTooLong: (max: number) => `Der Text ist zu lang (höchstens ${max} Zeichen).`,
  invalidBoolean: 'Bitte gib ja oder nein an.',
  invalidId: 'Die ID ist ungültig.',
  eventIdRequired: 'Bitte gib an, für welchen Flohmarkt der Stand angemeldet wird.',
  invalidLatitude: 'Der Breitengrad muss eine Zahl zwischen -90 und 90 sein.',
  invalidLongitude: 'Der Längengrad muss eine Zahl zwischen -180 und 180 sein.',
  coordinatesIncomplete: 'Breiten- und Längengrad müssen gemeinsam angegeben werden.',
  invalidDate: 'Bitte gib ein gültiges Datum mit Uhrzeit an.',
  dateOutOfRange: `Bitte gib ein Datum zwischen ${LIMITS.dateYearMin} und ${LIMITS.dateYearMax} an.`,
  invalidEmail: 'Bitte gib eine gültige E-Mail-Adresse ein.',
  standNumberTooLong: `Die Standnummer ist zu lang (höchstens ${LIMITS.standNumberMaxLength} Zeichen).`,
  invalidPhotoList: 'Die Fotos müssen als Liste von Pfaden angegeben werden.',
  photoTooLarge: 'Das Foto ist zu groß. Bitte wähle ein kleineres Bild.',
  fileNameRequired: 'Bitte gib einen Dateinamen an.',
  photoPathRequired: 'Bitte gib an, welches Foto gelöscht werden soll.',
  invalidRole: 'Bitte wähle eine gültige Rolle: admin, organizer oder participant.',
  invalidStandStatus: 'Ungültiger Status: erlaubt sind pending, approved, rejected, waitlisted und withdrawn.',
  invalidLocationPrecision: 'Ungültige Genauigkeit des Standorts: erlaubt sind exact und approximate.',
  invalidNameDisplay: 'Ungültige Namensanzeige: erlaubt sind name und number.',
  invalidProfileVisibility: 'Ungültige Sichtbarkeit des Profils: erlaubt sind public und private.',
  // Capacity and the organiser's review list (issue 18)
  invalidMaxStands: `Die Höchstzahl der Stände muss eine ganze Zahl von 1 bis ${LIMITS.maxStandsMax.toLocaleString('de-DE')} sein (leer: keine Begrenzung).`,
  invalidStandStatusFilter: 'Ungültiger Filter: erlaubt sind pending, waitlisted, approved und rejected, durch Komma getrennt.',
  invalidStandIdList: 'Die Stände müssen als Liste von IDs angegeben werden (höchstens 500).',
  rejectionReasonTooLong: 'Die Begründung ist zu lang (höchstens 500 Zeichen).',
  tooManySpecialties: `Es sind höchstens ${LIMITS.specialtiesMax} Spezialgebiete erlaubt.`,
  invalidSpecialty: 'Jedes Spezialgebiet muss ein kurzer Text sein.',
  invalidRating: `Die Bewertung muss eine ganze Zahl von ${LIMITS.reviewRatingMin} bis ${LIMITS.reviewRatingMax} sein.`,
  // List and search queries
  invalidDay: 'Das Datum muss im Format JJJJ-MM-TT angegeben werden.',
  invalidBbox: 'Der Kartenausschnitt muss als minLng,minLat,maxLng,maxLat angegeben werden.',
  invalidRadius: `Der Umkreis muss eine positive Zahl bis höchstens ${LIMITS.eventSearchMaxRadiusKm} Kilometer sein.`,
  radiusNeedsCenter: 'Für einen Umkreis müssen lat und lng angegeben werden.',
  invalidLimit: `limit muss eine ganze Zahl von 1 bis ${LIMITS.eventListMaxLimit} sein.`,
  invalidGeocodeLimit: `limit muss eine ganze Zahl von 1 bis ${LIMITS.geocodeMaxResults} sein.`,
  invalidOffset: `offset muss eine ganze Zahl von 0 bis ${LIMITS.eventListMaxOffset} sein.`,
  invalidUpcoming: 'upcoming muss true oder false sein.',
  invalidSort: 'sort muss start oder distance sein.',
  sortNeedsCenter: 'Für sort=distance müssen lat und lng angegeben werden.',
  invalidZoom: 'zoom muss eine ganze Zahl von 0 bis 20 sein.',
  searchTooShort: `Bitte gib mindestens ${LIMITS.addressSearchMinChars} Zeichen ein.`,
  invalidInput: 'Die Eingabe ist ungültig.',
} as const;
