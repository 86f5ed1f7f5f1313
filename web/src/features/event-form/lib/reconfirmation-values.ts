import { RECONFIRMATION_OFF, ZReconfirmation, reconfirmationTimes, type TReconfirmation } from '@flohmarkt/contracts';
import { localInputToIso } from './date-time';

/*
 * "Rückmeldung vor dem Markttag" (issue 36): whether the sellers are asked before the day whether they
 * come, and when (hours before the start, as typed). Off, the typed hours are kept as they are valid,
 * else the defaults go, so switching it off never fails on a half-typed number.
 */

export interface ReconfirmationValues {
  reconfirmationEnabled: boolean;
  askHoursBefore: string;
  deadlineHoursBefore: string;
}

export const RECONFIRMATION_DEFAULT_VALUES: ReconfirmationValues = {
  reconfirmationEnabled: RECONFIRMATION_OFF.enabled,
  askHoursBefore: String(RECONFIRMATION_OFF.askHoursBefore),
  deadlineHoursBefore: String(RECONFIRMATION_OFF.deadlineHoursBefore),
};

export function reconfirmationToValues(reconfirmation: TReconfirmation | undefined): ReconfirmationValues {
  const r = reconfirmation ?? RECONFIRMATION_OFF;
  return { reconfirmationEnabled: r.enabled, askHoursBefore: String(r.askHoursBefore), deadlineHoursBefore: String(r.deadlineHoursBefore) };
}

/** A typed number of hours; a blank or malformed one becomes NaN, which the schema refuses with its message. */
const hours = (typed: string): number => (typed.trim() === '' ? Number.NaN : Number(typed));

export function reconfirmationInput(values: ReconfirmationValues): TReconfirmation {
  const typed = { enabled: values.reconfirmationEnabled, askHoursBefore: hours(values.askHoursBefore), deadlineHoursBefore: hours(values.deadlineHoursBefore) };
  if (typed.enabled || ZReconfirmation.safeParse(typed).success) return typed;
  return RECONFIRMATION_OFF;
}

/** The schema's message at the field it is about (the deadline for "not after the question"), none while switched off. */
export function reconfirmationErrors(values: ReconfirmationValues): Partial<Record<'askHoursBefore' | 'deadlineHoursBefore', string>> {
  if (!values.reconfirmationEnabled) return {};
  const result = ZReconfirmation.safeParse(reconfirmationInput(values));
  if (result.success) return {};
  const errors: Partial<Record<'askHoursBefore' | 'deadlineHoursBefore', string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] === 'deadlineHoursBefore' ? 'deadlineHoursBefore' : 'askHoursBefore';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** When the question goes out and when the deadline falls, for the form's start (a datetime-local value); null while unknown. */
export function reconfirmationPlan(startDateTime: string, values: ReconfirmationValues): { askAt: Date; deadline: Date } | null {
  const start = localInputToIso(startDateTime);
  const input = reconfirmationInput(values);
  if (start === '' || Number.isNaN(Date.parse(start)) || !ZReconfirmation.safeParse(input).success) return null;
  return reconfirmationTimes(start, input);
}
