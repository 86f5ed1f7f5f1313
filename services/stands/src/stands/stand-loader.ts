import { Injectable } from '@nestjs/common';
import { API_ERRORS, type TEvent } from '@flohmarkt/contracts';
import { DomainError, fail, pathId, type CallerContext } from '@flohmarkt/server-kit';
import { EventsClient } from '../peers/events-client.js';
import { EventFactsReadModel, type KnownEvent } from '../read-models/event-facts.js';
import { maySeeStand, visibilityNeedsEvent, type Decision } from './stand-access.js';
import { guestHolds } from './guest-manage-token.js';
import { StandQueries } from './stand-queries.js';
import type { StandEntity } from './stand.entity.js';

export interface LoadedStand {
  stand: StandEntity;
  /** null when the event is gone (its stands are about to be deleted by the EventDeleted job). */
  event: TEvent | null;
}

/** Turns a denied decision into the error the caller gets. */
export function enforce(decision: Decision): void {
  if (!decision.allowed) throw new DomainError(decision.code, decision.message);
}

/**
 * Finds the stand of a path id the way the caller may know it: a stand they may not see is a 404,
 * exactly like one that does not exist (404 before 403, nothing leaks).
 *
 * Reads take the event from the stands service's read model (a stand page answers while the
 * events service is down); changes ask the events service, whose answer is current at that
 * instant (ARCHITECTURE.md, "Synchronous calls between services").
 */
@Injectable()
export class StandLoader {
  constructor(
    private readonly queries: StandQueries,
    private readonly events: EventsClient,
    private readonly knownEvents: EventFactsReadModel,
  ) {}

  /**
   * For reads: the event (read model) is looked up only when visibility depends on who organises it.
   * `manageToken`: a guest sees their own stand by its token (guest-manage-token.ts), as on their manage page.
   */
  async visible(rawId: string, caller: CallerContext | null, manageToken?: string): Promise<StandEntity> {
    const stand = await this.find(rawId);
    if (guestHolds(stand, manageToken)) return stand;
    const event = visibilityNeedsEvent(caller, stand) ? await this.knownEvents.find(stand.eventId) : null;
    if (!maySeeStand(caller, stand, event)) throw fail.notFound(API_ERRORS.standNotFound);
    return stand;
  }

  /**
   * For changes: with the event (organiser, coordinates, start). Visibility is the decision's first step.
   * `needsNoEvent`: a decision made without it (a guest by their token), so it does not ask the events service.
   */
  async withEvent(rawId: string, needsNoEvent?: (stand: StandEntity) => boolean): Promise<LoadedStand> {
    const stand = await this.find(rawId);
    return { stand, event: needsNoEvent?.(stand) ? null : await this.events.find(stand.eventId) };
  }

  /** For reads: an event of a path id from the read model, 404 when it does not exist. */
  async knownEvent(rawId: string): Promise<KnownEvent> {
    const event = await this.knownEvents.find(pathId(rawId, API_ERRORS.eventNotFound));
    if (!event) throw fail.notFound(API_ERRORS.eventNotFound);
    return event;
  }

  /** For changes (registering a stand): an event of a path id as the events service has it now, 404 when it does not exist. */
  async event(rawId: string): Promise<TEvent> {
    const event = await this.events.find(pathId(rawId, API_ERRORS.eventNotFound));
    if (!event) throw fail.notFound(API_ERRORS.eventNotFound);
    return event;
  }

  private async find(rawId: string): Promise<StandEntity> {
    const stand = await this.queries.one(pathId(rawId, API_ERRORS.standNotFound));
    if (!stand) throw fail.notFound(API_ERRORS.standNotFound);
    return stand;
  }
}
