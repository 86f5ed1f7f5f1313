import { LIMITS } from './limits.js';

// Every German sentence the product shows or answers, in one place with validation-messages.ts, so
// the web app and the servers say exactly the same thing. Inherited product texts are copied
// character for character; the others are marked "own".

/** Formats a distance the way the product writes it: one decimal, '.' as separator. */
function oneDecimal(value: number): string {
  return value.toFixed(1);
}

/** docs/product.md#registering-a-stand: a stand position more than 15 km from the event. */
export function standTooFar(distanceKm: number): string {
  return `Die gewählte Position ist ${oneDecimal(distanceKm)}km vom Flohmarkt entfernt. Maximal erlaubt sind ${LIMITS.maxStandDistanceKm}km.`;
}

/** Error toasts (title 'Fehler') and success toasts (docs/product.md#german-texts). */
export const TOASTS = {
  errorTitle: 'Fehler',
  accessDeniedTitle: 'Zugriff verweigert',
  sessionExpired: 'Sitzung abgelaufen. Logge dich erneut ein...',

  guestRegistrationFailed: 'Stand-Anmeldung konnte nicht eingereicht werden. Bitte versuche es erneut.',
  approveDraftFailed: 'Stand konnte nicht freigeschaltet werden.',
  standDeleteFailed: 'Stand konnte nicht gelöscht werden.',
  shareFailedTitle: 'Fehler beim Teilen',
  shareEventFailed: 'Das Event konnte nicht geteilt werden.',
  shareQrFailed: 'Der QR-Code konnte nicht geteilt werden.',
  eventUpdateFailed: (message: string) => `Das Event konnte nicht aktualisiert werden: ${message}`,
  eventCreateFailed: (message: string) => `Das Event konnte nicht erstellt werden: ${message}`,
  standRegisterFailed: 'Der Stand konnte nicht angemeldet werden.',
  standUpdateFailed: 'Der Stand konnte nicht aktualisiert werden.',
  locationSaveFailed: 'Fehler beim Speichern des Standorts. Bitte versuchen Sie es erneut.',
  photoUploadFailed: (reason: string) => `Das Foto konnte nicht hochgeladen werden: ${reason}`,
  // The inherited text elides the middle ('...'); a reason without final punctuation gets a
  // full stop so the closing sentence still reads as its own sentence.
  photoUploaderFailed: (reason: string) =>
    `Foto-Upload fehlgeschlagen: ${/[.!?]$/.test(reason.trim()) ? reason.trim() : `${reason.trim()}.`} Bitte versuche es erneut.`,
  imageProcessingFailed: 'Fehler beim Verarbeiten des Bildes. Bitte versuche ein anderes Bild.',
  photoDeleteFailed: 'Das Foto konnte nicht gelöscht werden.',
  profileUpdateFailed: 'Das Profil konnte nicht aktualisiert werden.',
  eventDeleteFailed: 'Das Event konnte nicht gelöscht werden.',
  userDeleteFailed: 'Der Benutzer konnte nicht gelöscht werden.',
  roleUpdateFailed: 'Die Benutzerrolle konnte nicht aktualisiert werden.',
  standCategoriesRequired: 'Bitte wählen Sie mindestens eine Kategorie aus.',

  registrationSucceeded: 'Anmeldung erfolgreich',
  eventUpdated: 'Event aktualisiert',
  eventCreated: 'Event erstellt',
  seriesCreated: 'Terminreihe erstellt: Jeder Termin ist ein eigener Flohmarkt mit eigener Anmeldung.',
  standRegistered: 'Stand angemeldet',
  standUpdated: 'Stand aktualisiert',
  locationSaved: 'Standort gespeichert',
  photoUploaded: 'Foto hochgeladen',
  photoDeleted: 'Foto gelöscht',
  profileUpdated: 'Profil aktualisiert',
  eventDeleted: 'Event gelöscht',
  userDeleted: 'Benutzer gelöscht',
  roleUpdated: 'Rolle aktualisiert',
  standApproved: 'Stand freigeschaltet',
  standDeleted: 'Stand gelöscht',
  standRejected: 'Stand abgelehnt',
  rejectFailed: (message: string) => `Die Anmeldung konnte nicht abgelehnt werden: ${message}`,
  eventShared: 'Event geteilt',
  linkCopied: 'Link kopiert',
  qrDownloaded: 'QR-Code heruntergeladen',
  qrShared: 'QR-Code geteilt',
  // The organiser's cockpit (issue 18).
  standsApproved: (count: number) => (count === 1 ? '1 Stand freigeschaltet' : `${count} Stände freigeschaltet`),
  standsRejected: (count: number) => (count === 1 ? '1 Anmeldung abgelehnt' : `${count} Anmeldungen abgelehnt`),
  bulkReviewFailed: (message: string) => `Die Auswahl konnte nicht bearbeitet werden: ${message}`,
  walkUpStandAdded: 'Stand eingetragen und freigegeben',
  walkUpStandFailed: 'Der Stand konnte nicht eingetragen werden.',
  standsNumbered: (count: number) => (count === 1 ? '1 Stand nummeriert' : `${count} Stände nummeriert`),
  standNumberingFailed: (message: string) => `Die Stände konnten nicht nummeriert werden: ${message}`,
} as const;

/** Texts shown on screens rather than in toasts (docs/product.md#german-texts, #permissions). */
export const SCREENS = {
  eventNotFound: 'Event nicht gefunden',
  standNotFound: 'Stand nicht gefunden',
  profileNotFound: 'Profil nicht gefunden',
  notAuthorized: 'Nicht berechtigt',
  userNotFound: 'Benutzer nicht gefunden',
  imageLoadFailed: 'Bild konnte nicht geladen werden',
  noAddressesFound: 'Keine Adressen gefunden',
  noEventsFound: 'Keine Flohmärkte gefunden.',
  sessionExpired: 'Sitzung abgelaufen. Logge dich erneut ein...',
  eventEditForbidden: 'Du kannst nur Events bearbeiten, die du erstellt hast.',
  adminOnly: 'Sie haben keine Berechtigung für diese Seite.',
  guestStandOrganizerOnly: 'Gaststände können nur vom Event-Organisator verwaltet werden.',
  standAlreadyRegistered: 'Stand bereits angemeldet',
  registrationUnavailable: 'Standregistrierung nicht verfügbar',
} as const;

/**
 * The `message` of server error bodies: always one German sentence (docs/product.md#calls-and-answers).
 * The first three are inherited product texts; the rest are own.
 */
export const API_ERRORS = {
  standAlreadyRegistered: 'Stand bereits angemeldet',
  registrationUnavailable: 'Standregistrierung nicht verfügbar',
  tooManyRegistrations: 'Zu viele Anmeldungen. Bitte versuche es später erneut.',

  unauthenticated: 'Bitte melde dich an, um fortzufahren.',
  forbidden: 'Du hast keine Berechtigung für diese Aktion.',
  notFound: 'Die angeforderte Seite oder Ressource wurde nicht gefunden.',
  eventNotFound: 'Der Flohmarkt wurde nicht gefunden.',
  standNotFound: 'Der Stand wurde nicht gefunden.',
  /** A manage link whose token is unknown, malformed, or whose stand was withdrawn or deleted. */
  guestStandNotFound: 'Diese Anmeldung gibt es nicht (mehr).',
  mailOptOutNotFound: 'Dieser Abmeldelink ist ungültig oder abgelaufen.',
  mailConfirmationNotFound: 'Dieser Bestätigungslink ist ungültig.',
  userNotFound: 'Der Benutzer wurde nicht gefunden.',
  profileNotFound: 'Das Ausstellerprofil wurde nicht gefunden.',
  invalidJson: 'Die Anfrage enthält kein gültiges JSON.',
  /** A request line with a backslash, an encoded slash or dot, a dot segment, or not in origin form. */
  invalidRequestTarget: 'Die angefragte Adresse ist ungültig.',
  invalidInput: 'Die Eingabe ist ungültig.',
  /** The gateway's answer to NUL or a lone surrogate anywhere in a body or query string. */
  invalidCharacters: 'Die Anfrage enthält unzulässige Zeichen.',
  bodyTooLarge: 'Die Anfrage ist zu groß.',
  /** Request line and headers over Node's limit (16 KB), answered before any handler runs. */
  headersTooLarge: 'Die Adresse oder die Kopfzeilen der Anfrage sind zu lang.',
  /** A request Node's HTTP parser cannot read at all. */
  malformedRequest: 'Die Anfrage ist fehlerhaft.',
  /** A body (a photo upload) that did not arrive within the gateway's deadline (UPLOAD_BODY_TIMEOUT_MS). */
  bodyTimeout: 'Die Anfrage kam nicht rechtzeitig vollständig an. Bitte versuche es erneut.',
  /** One client address has as many photo uploads in flight as it may. */
  tooManyUploads: 'Von deinem Anschluss laufen schon zu viele Uploads. Bitte warte, bis einer fertig ist.',
  crossOrigin: 'Anfragen von fremden Webseiten sind nicht erlaubt.',
  /** An `Idempotency-Key` header that is not 1–200 printable ASCII characters. */
  invalidIdempotencyKey: 'Der Idempotency-Key muss aus 1 bis 200 druckbaren ASCII-Zeichen bestehen.',
  tooManyRequests: 'Zu viele Anfragen. Bitte versuche es später erneut.',
  serviceUnavailable: 'Der Dienst ist gerade nicht erreichbar. Bitte versuche es später erneut.',
  // 503 while the product is still starting (npm start answers at once).
  starting: 'Die Anwendung startet gerade. Bitte versuche es in wenigen Sekunden erneut.',
  internal: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuche es später erneut.',
  conflict: 'Die Änderung steht im Widerspruch zum aktuellen Stand der Daten.',
  gone: 'Das gibt es nicht mehr: es ist abgelaufen oder wurde zurückgezogen.',
  // Safe retries (Idempotency-Key, idempotency.ts; a malformed key: invalidIdempotencyKey): a key reused for another request, a first request still running.
  idempotencyKeyReused: 'Dieser Idempotency-Key wurde schon für eine andere Anfrage verwendet. Bitte schick die neue Anfrage mit einem neuen Schlüssel.',
  idempotentRequestPending: 'Diese Anfrage wird noch bearbeitet. Bitte versuche es in ein paar Sekunden noch einmal.',
  // The first request's write reached the database, but its answer failed (a 5xx after the commit): a repeat never writes again.
  idempotentRequestCommitted: 'Deine Anfrage ist schon angekommen. Lade die Seite neu, um sie zu sehen.',
  profileExists: 'Du hast bereits ein Ausstellerprofil.',
  imageRequired: 'Bitte wähle eine Bilddatei aus',
  tooManyPhotos: `Ein Stand kann höchstens ${LIMITS.maxPhotosPerStand} Fotos haben.`,
  eventEndBeforeStart: 'Das Ende des Flohmarkts darf nicht vor dem Beginn liegen.',
  eventNameRequired: 'Bitte gib einen Namen für den Flohmarkt ein.',
  eventLocationRequired: 'Bitte gib einen Ort für den Flohmarkt an.',
  registrationDeadlineAfterEnd: 'Der Anmeldeschluss darf nicht nach dem Ende des Flohmarkts liegen.',
  // Why stand registration is closed (registrationClosedReason in event.ts; 403 and the event page).
  registrationEventCancelled: 'Der Flohmarkt wurde abgesagt, eine Standanmeldung ist nicht mehr möglich.',
  registrationEventEnded: 'Der Flohmarkt ist vorbei, eine Standanmeldung ist nicht mehr möglich.',
  registrationDeadlinePassed: 'Der Anmeldeschluss ist vorbei, eine Standanmeldung ist nicht mehr möglich.',
  eventCancelForbidden: 'Du kannst nur Flohmärkte absagen, die du erstellt hast.',
  // Capacity, the bulk review and walk-up stands (issue 18).
  maxStandsBelowApproved: (approved: number) => `Die Höchstzahl der Stände darf nicht unter der Zahl der bereits genehmigten Stände liegen (${approved}).`,
  reviewNothingSelected: 'Bitte wähle mindestens einen Stand aus.',
  reviewStandTwice: 'Ein Stand kann nicht zugleich genehmigt und abgelehnt werden.',
  reviewStandsNotOfEvent: 'Mindestens einer der gewählten Stände gehört nicht zu diesem Flohmarkt.',
  reviewStandWithdrawn: 'Mindestens einer der gewählten Stände wurde inzwischen zurückgezogen. Bitte lade die Liste neu.',
  // The organiser and the co-organisers (issue 36) are both „Veranstalter“.
  standManagementForbidden: 'Das dürfen nur die Veranstalter des Flohmarkts und Admins.',
  standTooFar,
} as const;

/** The client's fallback when an error body has no message (docs/product.md#calls-and-answers; English, inherited). */
export function httpErrorFallback(status: number): string {
  return `HTTP error! status: ${status}`;
}
