import { Controller, Param } from '@nestjs/common';
import { freePlaces, GET_STAND_OVERVIEW, type TStandOverview } from '@flohmarkt/contracts';
import { PublicRoute, SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { standAreas, type AreaStand } from './stand-areas.js';
import { standManagementDecision } from './stand-access.js';
import { StandLoader, enforce } from './stand-loader.js';
import { StandQueries } from './stand-queries.js';
import { StandStreets, type PlacedStand } from '../streets/stand-streets.js';

/**
 * The organiser's counters (organiser or admin): approved, pending, waitlisted and rejected stands,
 * the free places under maxStands (exact: approved and pending taken off), and where the approved
 * and pending stands stand, per street where their streets are known, else by area of about 100 m
 * (stand-areas.ts), so thin streets show before the day. From the stands' own rows (the streets
 * looked up in the background) and the read model of events: no call to another service.
 */
@Controller()
export class StandOverviewController {
  constructor(
    private readonly loader: StandLoader,
    private readonly queries: StandQueries,
    private readonly streets: StandStreets,
  ) {}

  @PublicRoute(GET_STAND_OVERVIEW)
  async overview(@Param('id') id: string, @SignedInCaller() caller: CallerContext): Promise<TStandOverview> {
    const event = await this.loader.knownEvent(id);
    enforce(standManagementDecision(caller, event));
    const [counts, placed] = await Promise.all([this.queries.countsByStatus(event.id), this.streets.placedStands(event.id)]);
    const count = (status: string) => counts.get(status) ?? 0;
    const maxStands = event.maxStands ?? null;
    const withPosition = placed.filter((s): s is PlacedStand & AreaStand => s.latitude !== null && s.longitude !== null);
    const reference = event.latitude !== null ? Number(event.latitude) : (withPosition[0]?.latitude ?? 0);
    return {
      approved: count('approved'),
      pending: count('pending'),
      waitlisted: count('waitlisted'),
      rejected: count('rejected'),
      maxStands,
      freePlaces: freePlaces(maxStands, count('approved') + count('pending')),
      areas: standAreas(withPosition, reference),
      withoutPosition: placed.length - withPosition.length,
    };
  }
}
