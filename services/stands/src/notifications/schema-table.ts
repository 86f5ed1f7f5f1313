import type { EntityManager } from 'typeorm';

/** A table of this service's schema, quoted, for the notices' plain SQL. */
export function schemaTable(m: EntityManager, name: string): string {
  return `"${m.connection.driver.schema ?? 'public'}"."${name}"`;
}
