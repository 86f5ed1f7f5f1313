import type { Provider } from '@nestjs/common';
import { JOB_HANDLERS, type JobHandlers } from '@flohmarkt/server-kit';
import { recordNewMarket } from '../come-back/come-back-news.js';
import { ComeBackSubscriptions } from '../come-back/subscriptions.js';
import { Holds } from '../holds/holds.js';
import { PreviousInvitations } from '../invitations/previous-invitations.js';
import { StandNotices } from '../notifications/stand-notices.js';
import { EventFactsReadModel, type OnEventFactsChange } from '../read-models/event-facts.js';
import { PhotoStatesReadModel } from '../read-models/photo-states.js';
import { ReminderWishesReadModel } from '../read-models/reminder-wishes.js';
import { ReconfirmationAsks } from '../reconfirmation/reconfirmation-asks.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { StandCommands } from '../stands/stand-commands.js';
import { cascadeHandlers, type CascadeHandlers } from './cascade-handlers.js';

/**
 * The stands service's handlers: the read models of events, users, photos (states and lists) and
 * reminder wishes, and the cascades. A
 * deletion first leaves its tombstone in the read model (so the event or user reads as gone at
 * once), then runs the cascade; both are idempotent, so a retried job is harmless.
 */
export function withReadModels(
  cascades: CascadeHandlers,
  events: EventFactsReadModel,
  users: UserNamesReadModel,
  photos: PhotoStatesReadModel,
  wishes: ReminderWishesReadModel,
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
    ReminderWishChanged: async (message) => {
      await wishes.apply(message);
    },
    EventDeleted: async (message) => {
      await events.forget(message.eventId);
      await wishes.forgetEvent(message.eventId);
      await cascades.EventDeleted(message);
    },
    UserDeleted: async (message) => {
      await users.forget(message.userId);
      await wishes.forgetUser(message.userId);
      await cascades.UserDeleted(message);
    },
  };
}

/** The handlers of the stands queue, as the messaging module takes them. */
export const STANDS_JOB_HANDLERS: Provider = {
  provide: JOB_HANDLERS,
  useFactory: (
    commands: StandCommands,
    events: EventFactsReadModel,
    users: UserNamesReadModel,
    photos: PhotoStatesReadModel,
    wishes: ReminderWishesReadModel,
    notices: StandNotices,
    subscriptions: ComeBackSubscriptions,
    invitations: PreviousInvitations,
    holds: Holds,
    asks: ReconfirmationAsks,
  ): JobHandlers<'stands'> => {
    const handlers = withReadModels(cascadeHandlers(commands), events, users, photos, wishes, async (change, manager) => {
      await notices.eventFactsChanged(manager, change);
      // A raised or removed cap moves waiting stands up, in the transaction that applied it.
      await commands.fillWaitlist(manager, change.current.id);
      // A market heard of for the first time is news for followers and alerts (issue 34).
      await recordNewMarket(manager, change);
      // Reconfirmation switched on, or the market moved so its ask time has passed: "Bist du dabei?" at once (issue 36).
      await asks.askMarket(manager, change.current.id, new Date());
    });
    return {
      ...handlers,
      EventDeleted: async (message) => {
        await handlers.EventDeleted(message);
        await invitations.forgetEvent(message.eventId);
      },
      UserDeleted: async (message) => {
        await handlers.UserDeleted(message);
        await subscriptions.forgetUser(message.userId);
        await invitations.forgetUser(message.userId);
        await holds.forgetHolder(message.userId);
      },
    };
  },
  inject: [
    StandCommands,
    EventFactsReadModel,
    UserNamesReadModel,
    PhotoStatesReadModel,
    ReminderWishesReadModel,
    StandNotices,
    ComeBackSubscriptions,
    PreviousInvitations,
    Holds,
    ReconfirmationAsks,
  ],
};
