/**
 * The DDL of a service's `idempotent_requests` table, for each service's own migration (like the
 * outbox's), whose connection has the service's schema as its search_path. No entity: only the
 * idempotency store reads and writes it, in plain SQL, so the services' entity lists and their
 * schema-diff check stay as they are.
 */
export const IDEMPOTENT_REQUESTS_TABLE = 'idempotent_requests';

export function createIdempotentRequestsTableSql(): string[] {
  return [
    `CREATE TABLE "${IDEMPOTENT_REQUESTS_TABLE}" (
      "scope" text NOT NULL,
      "key" text NOT NULL,
      "request_hash" text NOT NULL,
      "state" text NOT NULL DEFAULT 'pending',
      "status" integer,
      "body" text,
      "content_type" text,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_idempotent_requests" PRIMARY KEY ("scope", "key"),
      CONSTRAINT "CHK_idempotent_requests_state" CHECK ("state" IN ('pending', 'done')))`,
    // The lazy expiry on every claim finds the oldest rows by this.
    `CREATE INDEX "IDX_idempotent_requests_created_at" ON "${IDEMPOTENT_REQUESTS_TABLE}" ("created_at")`,
  ];
}

export function dropIdempotentRequestsTableSql(): string[] {
  return [`DROP TABLE "${IDEMPOTENT_REQUESTS_TABLE}"`];
}
