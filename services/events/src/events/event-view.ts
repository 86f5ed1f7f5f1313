import { eventPhase, freePlaces, type TEvent, type TReconfirmation } from '@flohmarkt/contracts';
import type { EventEntity } from './event.entity.js';

/** The read shape: coordinates stay numeric strings, dates ISO strings; the phase is the one at `now`. */
export function toEvent(e: EventEntity, standCount?: number, now: Date = new Date()): TEvent {
  const startDateTime = e.startDateTime.toISOString();
  const endDateTime = e.endDateTime.toISOString();
  return {
    id: e.id,
    name: e.name,
    description: e.description,
    rules: e.rules,
    location: e.location,
    latitude: e.latitude,
    longitude: e.longitude,
    startDateTime,
    endDateTime,
    organizerId: e.organizerId,
    status: e.status,
    cancelReason: e.cancelReason,
    contactEmail: e.contactEmail,
    contactPhone: e.contactPhone,
    websiteUrl: e.websiteUrl,
    websiteLinkText: e.websiteLinkText,
    allowStandRegistration: e.allowStandRegistration,
    registrationDeadline: e.registrationDeadline?.toISOString() ?? null,
    notifyOnRegistration: e.notifyOnRegistration,
    maxStands: e.maxStands,
    // Approved stands only: pending ones are the stands service's (its stand-overview has the exact figure).
    // Pending registrations hold a place too; before the first count arrives the approved ones (0) stand in.
    ...(e.maxStands === null ? {} : { freePlaces: freePlaces(e.maxStands, e.takenPlaces ?? e.approvedStands) }),
    phase: eventPhase({ status: e.status, startDateTime, endDateTime }, now),
    seriesId: e.seriesId,
    copiedFromId: e.copiedFromId,
    reconfirmation: reconfirmationOf(e),
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    ...(standCount === undefined ? {} : { standCount }),
  };
}

/** The market's "Bist du dabei?" settings (issue 36) as the read shape and EventFactsChanged carry them. */
export function reconfirmationOf(e: EventEntity): TReconfirmation {
  return { enabled: e.reconfirmationEnabled, askHoursBefore: e.reconfirmationAskHours, deadlineHoursBefore: e.reconfirmationDeadlineHours };
}

/** The columns of the settings (create, edit, copy). */
export function reconfirmationColumns(
  r: TReconfirmation,
): Pick<EventEntity, 'reconfirmationEnabled' | 'reconfirmationAskHours' | 'reconfirmationDeadlineHours'> {
  return { reconfirmationEnabled: r.enabled, reconfirmationAskHours: r.askHoursBefore, reconfirmationDeadlineHours: r.deadlineHoursBefore };
}

/** A coordinate as the decimal column stores it (8 decimals), or null. */
export function toDecimal(value: number | null): string | null {
  return value === null ? null : value.toFixed(8);
}
