import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The places an event's cap counts (approved plus pending stands), kept from the stands service's
 * EventStandCountChanged beside the approved count, so `freePlaces` tells visitors the truth while
 * registrations still wait for review. Null until the next count arrives: then the approved count
 * stands in, as before.
 */
export class EventTakenPlaces1763700100050 implements MigrationInterface {
  name = 'EventTakenPlaces1763700100050';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."events" ADD "taken_places" integer`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."events" DROP COLUMN "taken_places"`);
  }
}
