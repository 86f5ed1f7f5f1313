import http from 'node:http';
import pg from 'pg';

/**
 * The yardstick of `bench:api`: what the product's public reads cost with nothing but `node:http`
 * and `pg` on the same database — no gateway, no framework, no service hop, no validation. It does
 * the same reads: event detail is the event's row and its approved stand count; the landing list
 * runs the very statements the events service sends (captured from its own search code) and counts
 * the approved stands of the events found. Throughput of the product is printed as a share of this.
 * `memory` (optional, event id → the bytes and content type of the gateway's own answer): `/memory/<id>`
 * answers those bytes from memory, the yardstick of what the gateway answers from its cache. `/health`
 * answers 200, as a service's does.
 */
export async function startReferenceServer(databaseUrl, { landing, memory = new Map() }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const counts = async (ids) => {
    const { rows } = await pool.query(
      `SELECT event_id, count(*)::int AS n FROM stands.stands WHERE event_id = ANY($1) AND status = 'approved' GROUP BY event_id`,
      [ids],
    );
    return new Map(rows.map((r) => [r.event_id, r.n]));
  };
  const routes = {
    async event(id) {
      const [event, count] = await Promise.all([
        pool.query('SELECT * FROM events.events WHERE id = $1', [id]),
        pool.query(`SELECT count(*)::int AS n FROM stands.stands WHERE event_id = $1 AND status = 'approved'`, [id]),
      ]);
      return event.rows[0] ? { ...event.rows[0], standCount: count.rows[0].n } : null;
    },
    async landing(city) {
      let rows = [];
      for (const { sql, parameters } of landing[city]) rows = rows.concat((await pool.query(sql, parameters)).rows);
      // TypeORM aliases the columns (`e_id`): the event's id is the column named id or ending in _id.
      const idOf = (r) => r[Object.keys(r).find((k) => /(^|_)id$/.test(k))];
      const n = await counts(rows.map(idOf));
      return rows.map((r) => ({ ...r, standCount: n.get(idOf(r)) ?? 0 }));
    },
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://reference');
    const [, kind, key] = url.pathname.split('/');
    // As a service answers its health (bench:gateway-hop puts this server behind the gateway as the events service).
    if (kind === 'health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"ok"}');
      return;
    }
    if (kind === 'memory') {
      const kept = memory.get(key);
      res.writeHead(kept ? 200 : 404, { 'content-type': kept?.type ?? 'application/json' });
      res.end(kept?.body ?? '{"message":"not found"}');
      return;
    }
    const read = kind === 'events' ? routes.event(key) : kind === 'landing' ? routes.landing(key) : Promise.resolve(null);
    read.then(
      (body) => {
        res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body ?? { message: 'not found' }));
      },
      (err) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: err.message }));
      },
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}
