import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isId, type TJobPayload } from '@flohmarkt/contracts';
import { indexStreet } from '@flohmarkt/gazetteer';

type Change = TJobPayload<'StandStreetChanged'>;

/**
 * The streets of the stands the public sees at their exact position, kept from the stands service's
 * StandStreetChanged, for the address search (`stand_streets`, migration StandStreets; a trigger
 * puts them into `streets` beside the events' own addresses, docs/adr/0014-address-search-street-index.md).
 *
 * A message may come twice or after a newer one: one conditional upsert applies it only when its
 * version is newer than the row's, so any order of delivery ends in the newest message's state. A
 * taken-back street stays as a row with null keys, the version a late older message loses against.
 * A message about an event this service does not have (deleted, its stands' removals on the way)
 * leaves nothing: the row would outlive the event's own address.
 */
@Injectable()
export class StandStreetReadModel {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Answers whether the message changed the read model (false: older, repeated, or no such event). */
  async apply({ standId, eventId, address, version }: Change): Promise<boolean> {
    // A malformed id matches nothing; skipping it keeps a bad message from retrying forever on a uuid cast error.
    if (!isId(standId) || !isId(eventId)) return false;
    const indexed = address
      ? indexStreet(address.street, { postcode: address.postcode, town: address.town, point: { lat: address.latitude, lng: address.longitude } })
      : null;
    const point = indexed && address ? [address.latitude, address.longitude] : [null, null];
    const rows = (await this.dataSource.query(
      `INSERT INTO "stand_streets" AS t ("stand_id", "event_id", "version", "street", "street_key", "street_loose", "postcode",
                                           "town", "town_key", "town_loose", "latitude", "longitude")
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 WHERE EXISTS (SELECT 1 FROM "events" WHERE "id" = $2)
       ON CONFLICT ("stand_id") DO UPDATE SET "event_id" = EXCLUDED."event_id", "version" = EXCLUDED."version",
         "street" = EXCLUDED."street", "street_key" = EXCLUDED."street_key", "street_loose" = EXCLUDED."street_loose",
         "postcode" = EXCLUDED."postcode", "town" = EXCLUDED."town", "town_key" = EXCLUDED."town_key", "town_loose" = EXCLUDED."town_loose",
         "latitude" = EXCLUDED."latitude", "longitude" = EXCLUDED."longitude"
       WHERE t."version" < EXCLUDED."version"
       RETURNING "stand_id"`,
      [
        standId,
        eventId,
        version,
        indexed?.street ?? null,
        indexed?.streetKey ?? null,
        indexed?.streetLoose ?? null,
        indexed?.postcode ?? null,
        indexed?.town ?? null,
        indexed?.townKey ?? null,
        indexed?.townLoose ?? null,
        ...point,
      ],
    )) as unknown[];
    return rows.length > 0;
  }
}
