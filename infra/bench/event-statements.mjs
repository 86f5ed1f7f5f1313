import { DataSource } from 'typeorm';
import { LIST_EVENTS } from '@flohmarkt/contracts';
import { EVENTS_ENTITIES } from '@flohmarkt/events/dist/database.js';
import { EventSearch } from '@flohmarkt/events/dist/search/event-search.js';

/**
 * The SELECT statements the events service sends for one GET /events query string (read by the
 * call's declaration, as the service reads it), with their parameters: its own search code runs
 * once against the database with a logger that keeps them.
 */
export async function landingStatements(databaseUrl, queryString) {
  const statements = [];
  const ds = new DataSource({
    type: 'postgres',
    url: databaseUrl,
    schema: 'events',
    entities: EVENTS_ENTITIES,
    logging: ['query'],
    logger: {
      logQuery: (sql, parameters) => {
        if (/^\s*SELECT .* FROM "events"\."events"/is.test(sql)) statements.push({ sql, parameters: parameters ?? [] });
      },
      logQueryError: () => undefined,
      logQuerySlow: () => undefined,
      logSchemaBuild: () => undefined,
      logMigration: () => undefined,
      log: () => undefined,
    },
  });
  await ds.initialize();
  try {
    await new EventSearch(ds).find(LIST_EVENTS.query.parse(queryString));
    return statements;
  } finally {
    await ds.destroy();
  }
}
