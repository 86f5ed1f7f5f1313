import { Controller, Get, Query } from '@nestjs/common';
import { ZAddressCheckQuery, type TAddressCheck } from '@flohmarkt/contracts';
import { parseInput } from '@flohmarkt/server-kit';
import { checkAddress } from '../geocode/address-check.js';

/**
 * GET /internal/geocode/address?postcode=&town= (contracts: ADDRESS_CHECK), for the stands service's
 * check of a stand's address; reached only with the internal token. Offline: the gazetteer alone.
 */
@Controller('internal/geocode/address')
export class AddressCheckController {
  @Get()
  check(@Query() raw: unknown): TAddressCheck {
    const { postcode, town } = parseInput(ZAddressCheckQuery, raw);
    return checkAddress(postcode, town);
  }
}
