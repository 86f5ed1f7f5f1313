import {
  ALERT_RADIUS_MAX_KM,
  CREATE_ALERT,
  DELETE_ALERT,
  FOLLOW_ORGANIZER,
  INVITE_PREVIOUS_SELLERS,
  LIST_ALERTS,
  LIST_FOLLOWS,
  RESUME_ALERT_MAILS,
  RESUME_FOLLOW_MAILS,
  UNFOLLOW_ORGANIZER,
  type TAlert,
  type TAlertCreate,
} from '@flohmarkt/contracts';
import { EXAMPLE_ALERT, EXAMPLE_EVENT } from './examples.js';
import { EVENT_ID } from './path-params.js';
import { docOf, type CallDocEntry } from './route-doc.js';

const ORGANIZER = { userId: 'ID des Veranstalters (eines Benutzers).' };
/** A wish alert ("Suchauftrag", issue 35): the same place, with words instead of categories. */
const EXAMPLE_WISH_ALERT: TAlert = {
  ...EXAMPLE_ALERT,
  id: 'b2f3d4e5-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  categories: [],
  query: 'Kinderfahrrad',
  createdAt: '2026-05-03T18:40:00.000Z',
};
const ALERT_CREATE_EXAMPLE: TAlertCreate = {
  lat: EXAMPLE_WISH_ALERT.lat,
  lng: EXAMPLE_WISH_ALERT.lng,
  radiusKm: EXAMPLE_WISH_ALERT.radiusKm,
  label: EXAMPLE_WISH_ALERT.label,
  query: EXAMPLE_WISH_ALERT.query,
};

/** Follows and Flohmarkt-Alarme (issue 34): declared in libs/contracts/src/public-api/come-back.ts. */
export const COME_BACK_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(LIST_FOLLOWS, {
    description:
      'Die Veranstalter, denen der angemeldete Benutzer folgt, zuletzt gefolgt zuerst; in `mailsOff` die, deren E-Mails er über den Link einer E-Mail abbestellt hat ' +
      '(für die Adresse, an die sie jetzt gingen).',
    examples: { 200: { organizers: [EXAMPLE_EVENT.organizerId], mailsOff: [] } },
  }),
  docOf(FOLLOW_ORGANIZER, {
    description:
      '„Veranstalter folgen“: höchstens eine E-Mail am Tag mit den neu eingestellten Flohmärkten des Veranstalters, die erste wenige Minuten nach dem ersten neuen Markt. ' +
      'Idempotent. Sich selbst folgen ist ein 400, ein unbekannter Benutzer ein 404.',
    params: ORGANIZER,
  }),
  docOf(UNFOLLOW_ORGANIZER, {
    description: 'Idempotent: auch 204, wenn der Benutzer nicht gefolgt ist. Noch nicht verschickte Neuigkeiten gehen mit.',
    params: ORGANIZER,
  }),
  docOf(RESUME_FOLLOW_MAILS, {
    description:
      '„E-Mails wieder erhalten“ in den Einstellungen: nimmt die Abbestellung der E-Mails dieses Veranstalters zurück (wie `DELETE /api/mail/unsubscribe/{token}`). ' +
      'Idempotent; folgt der Benutzer dem Veranstalter nicht, ein 404.',
    params: ORGANIZER,
  }),
  docOf(LIST_ALERTS, {
    description:
      'Die Flohmarkt-Alarme und Suchaufträge (`query` gesetzt) des angemeldeten Benutzers, der neueste zuerst; `mailsOff`: ihre E-Mails sind über den Link einer E-Mail abbestellt.',
    examples: { 200: [EXAMPLE_WISH_ALERT, EXAMPLE_ALERT] },
  }),
  docOf(CREATE_ALERT, {
    description:
      `Ein Ort (Punkt und Name für die E-Mails), ein Umkreis von 1 bis ${ALERT_RADIUS_MAX_KM} km und auf Wunsch Stand-Kategorien. Höchstens eine E-Mail am Tag: neue Flohmärkte im Umkreis ` +
      'und, mit Kategorien, Flohmärkte, deren neu genehmigte Stände eine davon anbieten. ' +
      'Mit `query` (2 bis 100 Zeichen) ein Suchauftrag: statt Flohmärkten neu eingestellte Angebote genehmigter Stände im Umkreis, deren Titel oder Kategorie ' +
      'die Wörter enthält, wie die Angebotssuche sie liest (Wortstamm, ein Tippfehler); eigene und verkaufte Angebote nicht, jedes nur einmal. ' +
      'Wörter, nach denen sich nicht suchen lässt (nur „und“, „die“ …), sind ein 400. Höchstens 10 Alarme je Benutzer.',
    bodyExample: ALERT_CREATE_EXAMPLE,
    examples: { 201: EXAMPLE_WISH_ALERT },
  }),
  docOf(DELETE_ALERT, {
    description: 'Nur eigene Alarme: ein fremder ist wie ein unbekannter ein 404.',
    params: { id: 'ID des Alarms.' },
  }),
  docOf(RESUME_ALERT_MAILS, {
    description:
      '„E-Mails wieder erhalten“ in den Einstellungen: nimmt die Abbestellung der E-Mails dieses Alarms zurück. Idempotent; nur eigene Alarme, ein fremder ist wie ein unbekannter ein 404.',
    params: { id: 'ID des Alarms.' },
  }),
  docOf(INVITE_PREVIOUS_SELLERS, {
    description:
      '„Frühere Aussteller einladen“, nur der Organisator, Mitveranstalter:innen oder ein Admin: Die Aussteller mit genehmigtem Stand beim vorigen Termin der Reihe ' +
      '(oder beim kopierten Flohmarkt) bekommen eine E-Mail mit einem Link zur vorausgefüllten Anmeldung (`/events/{id}/register-stand?from={standId}`), ' +
      'jeder Aussteller nur einmal je Flohmarkt; wer schon angemeldet ist oder Einladungen abbestellt hat, nicht. Erneut: `invited: 0`.',
    params: EVENT_ID,
    examples: { 200: { invited: 12 } },
  }),
];
