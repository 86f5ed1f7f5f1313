import { Controller, Inject, Query } from '@nestjs/common';
import { REVERSE_GEOCODE, SEARCH_ADDRESSES, type TGeocodeResult, type TReverseGeocodeResult } from '@flohmarkt/contracts';
import { PublicRoute, parseCallQuery } from '@flohmarkt/server-kit';
import { GeocodeService } from './geocode.service.js';

/** The address search and its reverse (libs/contracts/src/public-api/events.ts); public, no sign-in. */
@Controller()
export class GeocodeController {
  constructor(@Inject(GeocodeService) private readonly geocode: GeocodeService) {}

  @PublicRoute(SEARCH_ADDRESSES)
  search(@Query() raw: unknown): Promise<TGeocodeResult[]> {
    return this.geocode.search(parseCallQuery(SEARCH_ADDRESSES, raw));
  }

  @PublicRoute(REVERSE_GEOCODE)
  reverse(@Query() raw: unknown): Promise<TReverseGeocodeResult> {
    return this.geocode.reverse(parseCallQuery(REVERSE_GEOCODE, raw));
  }
}
