import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A stand's address (issue 33): street, house number, postcode and town, written all four or none
 * (the body schema); the house number alone is erased by retention.
 */
export class StandAddresses1764900200000 implements MigrationInterface {
  name = 'StandAddresses1764900200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "stands" ADD "address_street" text, ADD "address_house_number" text, ADD "address_postcode" text, ADD "address_town" text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "stands" DROP COLUMN "address_street", DROP COLUMN "address_house_number", DROP COLUMN "address_postcode", DROP COLUMN "address_town"`,
    );
  }
}
