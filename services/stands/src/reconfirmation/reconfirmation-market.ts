import type { EntityManager } from 'typeorm';
import { RECONFIRMATION_ASK_HOURS, RECONFIRMATION_DEADLINE_HOURS, reconfirmationTimes, type TReconfirmation } from '@flohmarkt/contracts';
import { noticeEventOfKnown, type NoticeEvent } from '../notifications/notice-event.js';
import { EventFactsEntity } from '../read-models/event-facts.entity.js';
import { toKnownEvent } from '../read-models/event-facts.js';

/** A market as the reconfirmation needs it: what its mails say, its settings, and when to ask and when the answers end. */
export interface ReconfirmationMarket {
  event: NoticeEvent;
  reconfirmation: TReconfirmation;
  askAt: Date;
  deadline: Date;
}

/** The market from the read model of event facts (in `m`); null when deleted or not heard of. */
export async function loadReconfirmationMarket(m: EntityManager, eventId: string): Promise<ReconfirmationMarket | null> {
  const row = await m.getRepository(EventFactsEntity).findOneBy({ eventId, deleted: false });
  const known = row && toKnownEvent(row);
  const event = known && noticeEventOfKnown(known);
  if (!known || !event) return null;
  return { event, reconfirmation: known.reconfirmation, ...reconfirmationTimes(known.startDateTime, known.reconfirmation) };
}

/**
 * The SQL of a market (`e`, event_facts) whose reconfirmation is switched on, with its ask time and
 * deadline as expressions: one definition for the scans (contracts reconfirmationTimes computes the
 * same in TypeScript).
 */
export const RECONFIRMING_SQL = `NOT e."deleted" AND e."status" = 'planned' AND (e."reconfirmation"->>'enabled')::boolean`;
export const ASK_AT_SQL = `(e."start_date_time" - make_interval(hours => COALESCE((e."reconfirmation"->>'askHoursBefore')::int, ${RECONFIRMATION_ASK_HOURS.default})))`;
export const DEADLINE_SQL = `(e."start_date_time" - make_interval(hours => COALESCE((e."reconfirmation"->>'deadlineHoursBefore')::int, ${RECONFIRMATION_DEADLINE_HOURS.default})))`;
