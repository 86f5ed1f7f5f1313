import { z } from 'zod';
import { ZStandCategory } from './categories.js';
import { ITEM_SEARCH_QUERY_MAX_LENGTH, ITEM_SEARCH_QUERY_MIN_LENGTH } from './item-limits.js';
import { ZId, ZIsoDateTime, optionalText, requiredLatitudeInput, requiredLongitudeInput } from './fields.js';

/*
 * Coming back (issue 34): following an organiser and the "Flohmarkt-Alarm" for a place. Both are a
 * signed-in user's own subscriptions; the stands service keeps them and mails the matches (at most
 * one mail a day per follow or alert, the first within minutes).
 */

export const ALERT_RADIUS_MAX_KM = 50;
export const ALERTS_MAX_PER_USER = 10;
export const FOLLOWS_MAX_PER_USER = 200;
export const ALERT_LABEL_MAX_LENGTH = 80;

/** Own German sentences of follows and alerts ("du" like API_ERRORS). */
export const COME_BACK_MESSAGES = {
  followSelf: 'Dir selbst kannst du nicht folgen.',
  organizerNotFound: 'Diesen Veranstalter gibt es nicht.',
  tooManyFollows: `Du folgst schon ${FOLLOWS_MAX_PER_USER} Veranstaltern. Entfolge zuerst einem.`,
  alertPlaceRequired: 'Bitte wähle einen Ort für den Flohmarkt-Alarm.',
  alertRadiusInvalid: `Der Umkreis ist eine Zahl von 1 bis ${ALERT_RADIUS_MAX_KM} Kilometern.`,
  alertRadiusTooLarge: `Der Umkreis darf höchstens ${ALERT_RADIUS_MAX_KM} km groß sein.`,
  alertLabelTooLong: `Der Name des Orts darf höchstens ${ALERT_LABEL_MAX_LENGTH} Zeichen lang sein.`,
  alertCategoriesInvalid: 'Die Kategorien sind eine Liste von Stand-Kategorien.',
  tooManyAlerts: `Du hast schon ${ALERTS_MAX_PER_USER} Flohmarkt-Alarme. Lösche zuerst einen.`,
  alertNotFound: 'Diesen Flohmarkt-Alarm gibt es nicht.',
  followNotFound: 'Diesem Veranstalter folgst du nicht.',
  alertQueryInvalid: `Ein Suchauftrag sucht nach ${ITEM_SEARCH_QUERY_MIN_LENGTH} bis ${ITEM_SEARCH_QUERY_MAX_LENGTH} Zeichen.`,
} as const;

/**
 * GET /api/me/follows: the organisers the caller follows, the most recent first, and those of them
 * whose mails the caller switched off by a mail's link (`mailsOff`; left out by a service from before it: none).
 */
export const ZFollows = z.object({ organizers: z.array(ZId), mailsOff: z.array(ZId).optional() });
export type TFollows = z.infer<typeof ZFollows>;

/** POST /api/me/alerts: a place (its point and, for the mails, its name), a radius and optionally stand categories. */
export const ZAlertCreate = z.object({
  lat: requiredLatitudeInput(COME_BACK_MESSAGES.alertPlaceRequired),
  lng: requiredLongitudeInput(COME_BACK_MESSAGES.alertPlaceRequired),
  radiusKm: z
    .number({ error: COME_BACK_MESSAGES.alertRadiusInvalid })
    .int(COME_BACK_MESSAGES.alertRadiusInvalid)
    .min(1, COME_BACK_MESSAGES.alertRadiusInvalid)
    .max(ALERT_RADIUS_MAX_KM, COME_BACK_MESSAGES.alertRadiusTooLarge),
  label: optionalText(ALERT_LABEL_MAX_LENGTH, COME_BACK_MESSAGES.alertLabelTooLong),
  categories: z
    .array(ZStandCategory, { error: COME_BACK_MESSAGES.alertCategoriesInvalid })
    .max(35, COME_BACK_MESSAGES.alertCategoriesInvalid)
    .transform((list) => [...new Set(list)])
    .optional(),
  /** With words: a wish alert ("Suchauftrag") for items matching them, as the item search reads them. */
  query: optionalText(ITEM_SEARCH_QUERY_MAX_LENGTH, COME_BACK_MESSAGES.alertQueryInvalid).refine(
    (q) => q == null || q.length >= ITEM_SEARCH_QUERY_MIN_LENGTH,
    COME_BACK_MESSAGES.alertQueryInvalid,
  ),
});
export type TAlertCreate = z.infer<typeof ZAlertCreate>;

/**
 * One alert as its owner reads it. Without categories it tells of new markets; with them, also of
 * markets whose newly approved stands offer one; with a `query`, of newly listed items matching it.
 */
export const ZAlert = z.object({
  id: ZId,
  lat: z.number(),
  lng: z.number(),
  radiusKm: z.number().int(),
  label: z.string().nullable(),
  categories: z.array(ZStandCategory),
  /** The words of a wish alert (null: an alert for markets). */
  query: z.string().nullable(),
  createdAt: ZIsoDateTime,
  /**
   * Its mails are switched off (the mail's link, „E-Mails abbestellen“) for the address they would go
   * to now: the alert is kept, and mails again once switched back on. Left out by a service from before it: on.
   */
  mailsOff: z.boolean().optional(),
});
export type TAlert = z.infer<typeof ZAlert>;
