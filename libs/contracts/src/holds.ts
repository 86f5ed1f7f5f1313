import { z } from 'zod';
import { ZId, ZIsoDateTime } from './fields.js';

/*
 * Free holds ("Reservieren", issue 35): a signed-in visitor asks a seller to keep an item until the
 * market opens plus the seller's hold time; the seller accepts or declines in one tap (or by the
 * link in the mail). No payment, no chat: the seller sees the visitor's display name and, once
 * accepted, the pickup code; never the e-mail address.
 */

export const HOLD_STATUSES = ['requested', 'accepted', 'declined', 'ended', 'lapsed'] as const;
export type THoldStatus = (typeof HOLD_STATUSES)[number];
/** Open holds: the ones that keep an item from another request and count against the visitor's limit. */
export const OPEN_HOLD_STATUSES = ['requested', 'accepted'] as const satisfies readonly THoldStatus[];

export const HOLD_DECISIONS = ['accept', 'decline', 'end'] as const;
export type THoldDecision = (typeof HOLD_DECISIONS)[number];

export const HOLDS_MAX_OPEN_PER_VISITOR = 10;
/** How long after the market's start a hold lasts, as the seller chooses it on the stand (minutes). */
export const HOLD_MINUTES_DEFAULT = 60;
export const HOLD_MINUTES_MIN = 15;
export const HOLD_MINUTES_MAX = 240;
/** Pickup codes: 6 characters without look-alikes (no 0/O, 1/I/L), read aloud at the table. */
export const PICKUP_CODE_LENGTH = 6;

export const HOLD_MESSAGES = {
  holdNotFound: 'Diese Reservierung gibt es nicht.',
  itemNotHoldable: 'Dieses Angebot kann gerade nicht reserviert werden (verkauft oder der Stand ist nicht freigegeben).',
  alreadyHeld: 'Für dieses Angebot gibt es schon eine Reservierung oder Anfrage.',
  ownItem: 'Dein eigenes Angebot kannst du nicht reservieren.',
  tooManyHolds: `Du hast schon ${HOLDS_MAX_OPEN_PER_VISITOR} offene Reservierungen. Beende zuerst eine.`,
  tooLate: 'Für diesen Flohmarkt ist die Zeit für Reservierungen vorbei.',
  decisionInvalid: 'Die Entscheidung ist „accept“ (annehmen), „decline“ (ablehnen) oder „end“ (beenden).',
  decisionForbidden: 'Über eine Reservierung entscheidet nur der Inhaber des Stands; beenden kann sie auch, wer reserviert hat.',
  decisionNotOpen: 'Diese Reservierung ist schon entschieden oder beendet.',
  holdMinutesInvalid: `Die Reservierungszeit ist eine ganze Zahl von ${HOLD_MINUTES_MIN} bis ${HOLD_MINUTES_MAX} Minuten.`,
} as const;

/** PATCH /api/holds/{id}: the seller's decision (or the holder's `end`); `token` is the one from the seller's mail link. */
export const ZHoldDecision = z.object({
  decision: z.enum(HOLD_DECISIONS, { error: HOLD_MESSAGES.decisionInvalid }),
  token: z.string().max(100).optional(),
});

/** The answer to a request: the hold as it starts. */
export const ZHoldCreated = z.object({ id: ZId, itemId: ZId, status: z.literal('requested') });
export type THoldCreated = z.infer<typeof ZHoldCreated>;

/**
 * A hold as the holder and the seller read it. `pickupCode` only once accepted (the holder's and the
 * seller's reads); `holderName` (first name and the last name's initial) only in the seller's reads.
 * `endsAt`: when it lapses by itself (the market's start plus the stand's hold time).
 */
export const ZHold = z.object({
  id: ZId,
  itemId: ZId,
  standId: ZId,
  eventId: ZId,
  status: z.enum(HOLD_STATUSES),
  pickupCode: z.string().nullable(),
  holderName: z.string().nullable().optional(),
  endsAt: ZIsoDateTime,
  createdAt: ZIsoDateTime,
  decidedAt: ZIsoDateTime.nullable(),
  item: z.object({ title: z.string(), price: z.object({ kind: z.enum(['fixed', 'negotiable', 'free']), cents: z.number().int().nonnegative().optional() }) }),
  stand: z.object({ label: z.string() }),
  event: z.object({ name: z.string(), startDateTime: ZIsoDateTime, location: z.string() }),
});
export type THold = z.infer<typeof ZHold>;

/** The stand's hold time, written with the stand (owner reads carry it). */
export const ZHoldMinutes = z
  .number({ error: HOLD_MESSAGES.holdMinutesInvalid })
  .int(HOLD_MESSAGES.holdMinutesInvalid)
  .min(HOLD_MINUTES_MIN, HOLD_MESSAGES.holdMinutesInvalid)
  .max(HOLD_MINUTES_MAX, HOLD_MESSAGES.holdMinutesInvalid);
