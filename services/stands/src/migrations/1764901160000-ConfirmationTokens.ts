import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The further "Bist du dabei?" links of a stand (issue 36): the organiser's one reminder carries a
 * new token, and the first mail's link must keep working beside it. A token is 128 random bits,
 * so it cannot be derived again from its stored hash: each link's SHA-256 is one row here (the
 * first one stays in `stands.confirmation_token_hash`). No foreign key to stands (test suites empty
 * `stands` with a plain TRUNCATE, as for items): a row whose stand is gone finds no stand and answers 404.
 */
export class ConfirmationTokens1764901160000 implements MigrationInterface {
  name = 'ConfirmationTokens1764901160000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "confirmation_tokens" (
      "token_hash" text NOT NULL,
      "stand_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_confirmation_tokens" PRIMARY KEY ("token_hash"))`);
    await q.query(`CREATE INDEX "IDX_confirmation_tokens_stand" ON "confirmation_tokens" ("stand_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "confirmation_tokens"`);
  }
}
