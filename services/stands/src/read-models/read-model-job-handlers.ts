import type { JobHandlers } from '@flohmarkt/server-kit';
import type { EventFactsReadModel, OnEventFactsChange } from './event-facts.js';
import type { PhotoStatesReadModel } from './photo-states.js';
import type { UserNamesReadModel } from './user-names.js';

type CascadeHandlers = Pick<JobHandlers<'stands'>, 'EventDeleted' | 'UserDeleted'>;

/**
 * The stands service's handlers: the read models of events, users and photos (states and lists), and the cascades. A
 * deletion first leaves its tombstone in the read model (so the event or user reads as gone at
 * once), then runs the cascade; both are idempotent, so a retried job is harmless.
 */
export function withReadModels(
  cascades: CascadeHandlers,
  events: EventFactsReadModel,
  users: UserNamesReadModel,
  photos: PhotoStatesReadModel,
  /** Runs in the transaction that applied a newer version of an event's facts (the cancelled / moved notices). */
  onEventFactsChange?: OnEventFactsChange,
): JobHandlers<'stands'> {
  return {
    PhotoStateChanged: async (message) => {
      await photos.apply(message);
    },
    StandPhotosChanged: async (message) => {
      await photos.applyList(message);
    },
    EventFactsChanged: async (message) => {
      await events.apply(message, onEventFactsChange);
    },
    UserProfileChanged: async (message) => {
      await users.apply(message);
    },
    EventDeleted: async (message) => {
      await events.forget(message.eventId);
      await cascades.EventDeleted(message);
    },
    UserDeleted: async (message) => {
      await users.forget(message.userId);
      await cascades.UserDeleted(message);
    },
  };
}
