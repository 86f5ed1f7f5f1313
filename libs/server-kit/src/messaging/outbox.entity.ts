import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A message written in the same transaction as the change it announces (transactional outbox). */
@Entity({ name: 'outbox' })
export class OutboxMessageEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_outbox' })
  id!: string;

  @Column({ type: 'text' })
  queue!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** The DDL of the outbox table, for each service's own migration (run with the service's schema as search_path). */
export function createOutboxTableSql(): string[] {
  return [
    `CREATE TABLE "outbox" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "queue" text NOT NULL,
      "name" text NOT NULL,
      "payload" jsonb NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_outbox" PRIMARY KEY ("id"))`,
  ];
}
