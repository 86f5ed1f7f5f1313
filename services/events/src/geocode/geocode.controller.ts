import { Controller, Get, Inject, Query } from '@nestjs/common';
import type { TGeocodeResult, TReverseGeocodeResult } from '@flohmarkt/contracts';
import { parseGeocodeQuery, parseReverseQuery } from './geocode-query.js';
import { GeocodeService } from './geocode.service.js';

/** GET /api/geocode and /api/geocode/reverse (the gateway strips /api); public, no sign-in. */
@Controller('geocode')
export class GeocodeController {
  constructor(@Inject(GeocodeService) private readonly geocode: GeocodeService) {}

  @Get()
  search(@Query() raw: unknown): Promise<TGeocodeResult[]> {
    return this.geocode.search(parseGeocodeQuery(raw));
  }

  @Get('reverse')
  reverse(@Query() raw: unknown): Promise<TReverseGeocodeResult> {
    return this.geocode.reverse(parseReverseQuery(raw));
  }
}
