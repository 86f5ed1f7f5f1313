import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users are recognised by the provider's `iss` + `sub`; existing rows stay null until their next sign-in. */
export class LinkUsersByProviderIdentity1763700000002 implements MigrationInterface {
  name = 'LinkUsersByProviderIdentity1763700000002';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."users" ADD "oidc_issuer" text, ADD "oidc_subject" text`);
    await q.query(`ALTER TABLE "${s}"."users" ADD CONSTRAINT "UQ_users_oidc_identity" UNIQUE ("oidc_issuer", "oidc_subject")`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."users" DROP CONSTRAINT "UQ_users_oidc_identity"`);
    await q.query(`ALTER TABLE "${s}"."users" DROP COLUMN "oidc_subject", DROP COLUMN "oidc_issuer"`);
  }
}
