import { Controller, Get, Query } from '@nestjs/common';
import { STREET_AT, ZReverseGeocodeQuery } from '@flohmarkt/contracts';
import { GeocoderError } from '@flohmarkt/gazetteer';
import { fail, parseInput } from '@flohmarkt/server-kit';
import type { z } from 'zod';
import { StreetGeocoder } from './street-geocoder.js';

/**
 * GET /internal/geocode/street?lat=&lng= (contracts: STREET_AT), for the stands service's
 * background lookup of each stand's street; reached only with the internal token.
 */
@Controller('internal/geocode/street')
export class StreetLookupController {
  constructor(private readonly geocoder: StreetGeocoder) {}

  @Get()
  async street(@Query() raw: unknown): Promise<z.infer<typeof STREET_AT.answer>> {
    const { lat, lng } = parseInput(ZReverseGeocodeQuery, raw);
    try {
      return await this.geocoder.streetAt(lat, lng);
    } catch (error) {
      // Busy, slow or down: no answer now, which is not "no street". The lookup asks again later.
      if (error instanceof GeocoderError) throw fail.unavailable();
      throw error;
    }
  }
}
