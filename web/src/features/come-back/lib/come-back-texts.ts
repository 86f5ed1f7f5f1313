import { ALERT_RADIUS_MAX_KM, ALERTS_MAX_PER_USER } from '@flohmarkt/contracts';

/** The German texts of the settings' sections on following and alerts (issue 34). */
export const ALERT_TEXTS = {
  title: 'Flohmarkt-Alarm',
  lead: `Wir schreiben dir höchstens einmal am Tag, wenn rund um einen Ort neue Flohmärkte veröffentlicht werden – mit Kategorien auch, wenn dort neue Stände sie anbieten. Suchaufträge für bestimmte Dinge legst du in der Angebotssuche an. Bis zu ${ALERTS_MAX_PER_USER} Alarme und Suchaufträge.`,
  none: 'Du hast noch keinen Flohmarkt-Alarm.',
  loading: 'Deine Flohmarkt-Alarme werden geladen …',
  loadFailed: 'Deine Flohmarkt-Alarme konnten nicht geladen werden. Bitte lade die Seite neu.',
  radius: (km: number) => `Umkreis ${km} km`,
  categories: (list: readonly string[]) => `Auch Stände mit: ${list.join(', ')}`,
  onlyMarkets: 'Neue Flohmärkte',
  /** A wish alert in the list (issue 35): „Suchauftrag: „Kinderfahrrad“ · 10 km um Köln“. */
  wish: (query: string, km: number, place: string) => `Suchauftrag: „${query}“ · ${km} km um ${place}`,
  wishMeta: 'Neu eingestellte passende Angebote',
  wishSaveFailed: 'Der Suchauftrag konnte nicht gespeichert werden. Bitte versuche es erneut.',
  delete: 'Löschen',
  /** The name of an alert in a button's hidden words and in what a press did. */
  name: (alert: { query: string | null }, place: string) => (alert.query ? `Suchauftrag „${alert.query}“` : `Flohmarkt-Alarm für ${place}`),
  deleted: (name: string) => `Gelöscht: ${name}.`,
  resumed: (name: string) => `Du bekommst die E-Mails wieder: ${name}.`,
  resumeFailed: 'Die E-Mails konnten nicht wieder eingeschaltet werden. Bitte versuche es erneut.',
  formTitle: 'Neuer Flohmarkt-Alarm',
  placeLabel: 'Ort',
  placeHint: 'Ab 3 Zeichen werden Orte vorgeschlagen; wähle einen aus der Liste.',
  radiusLabel: 'Umkreis',
  radiusHint: `Bis ${ALERT_RADIUS_MAX_KM} km um den Ort.`,
  categoriesSummary: (chosen: number) => (chosen > 0 ? `Kategorien (${chosen} ausgewählt)` : 'Kategorien (optional)'),
  categoriesLegend: 'Stand-Kategorien',
  categoriesHint: 'Dann schreiben wir dir auch, wenn Stände in der Nähe eine davon anbieten.',
  save: 'Alarm speichern',
  saving: 'Wird gespeichert …',
  saved: 'Dein Flohmarkt-Alarm ist gespeichert.',
  saveFailed: 'Der Flohmarkt-Alarm konnte nicht gespeichert werden. Bitte versuche es erneut.',
} as const;

export const FOLLOW_TEXTS = {
  title: 'Veranstalter, denen du folgst',
  lead: 'Von jedem bekommst du höchstens eine E-Mail am Tag mit seinen neuen Flohmärkten.',
  none: 'Du folgst noch keinem Veranstalter. Auf der Seite eines Flohmarkts kannst du seinem Veranstalter folgen.',
  loading: 'Wird geladen …',
  loadFailed: 'Die Veranstalter, denen du folgst, konnten nicht geladen werden. Bitte lade die Seite neu.',
  unnamed: 'Veranstalter',
  /** An organiser without a name in a sentence. */
  thisOne: 'diesem Veranstalter',
  view: 'Veranstalter ansehen',
  unfollow: 'Nicht mehr folgen',
  unfollowed: (name: string) => `Du folgst ${name} nicht mehr.`,
  resumed: (name: string) => `Du bekommst die E-Mails über neue Flohmärkte von ${name} wieder.`,
} as const;

/** A follow or alert whose mails were switched off by a mail's link (issue 34): it is kept, and mails again once switched on. */
export const MAILS_OFF_TEXTS = {
  off: 'E-Mails abbestellt',
  resume: 'E-Mails wieder erhalten',
  resuming: 'Wird eingeschaltet …',
} as const;

/** The radii to choose from (km); the server takes any whole number from 1 to ALERT_RADIUS_MAX_KM. */
export const ALERT_RADII = [1, 2, 5, 10, 15, 20, 30, 40, ALERT_RADIUS_MAX_KM] as const;
export const DEFAULT_ALERT_RADIUS_KM = 10;
