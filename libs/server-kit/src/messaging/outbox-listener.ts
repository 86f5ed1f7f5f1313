import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import type { DataSource, EntityManager } from 'typeorm';
import type { JsonLogger } from '../logger.js';

/*
 * The outbox relay's doorbell. A transaction that writes outbox rows also sends a PostgreSQL
 * notification, which PostgreSQL delivers when (and only if) it commits; the relay listens on one
 * connection of its own and sends the rows at once instead of polling for them four times a second.
 */

/** Longest channel name PostgreSQL accepts (NAMEDATALEN - 1). */
const MAX_CHANNEL_BYTES = 63;
const RECONNECT_MS = 2000;

/** The channel of one service's outbox: its schema, so that services sharing a database do not wake each other. */
export function outboxChannel(dataSource: DataSource): string {
  return `outbox_${dataSource.driver.schema ?? 'public'}`.slice(0, MAX_CHANNEL_BYTES);
}

/** Transactions that have rung already (TypeORM gives each `transaction()` a query runner of its own). */
const rung = new WeakSet<object>();

/**
 * Rings the doorbell inside the caller's transaction; PostgreSQL holds it back until the commit.
 * Once per transaction: a cascade that publishes a message per stand needs one ring, not hundreds.
 */
export async function notifyOutbox(manager: EntityManager): Promise<void> {
  const transaction = manager.queryRunner?.isTransactionActive ? manager.queryRunner : null;
  if (transaction && rung.has(transaction)) return;
  await manager.query('SELECT pg_notify($1, $2)', [outboxChannel(manager.connection), '']);
  if (transaction) rung.add(transaction);
}

/** A pooled pg client, as far as the listener uses it. */
interface ListeningClient {
  query(sql: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string }) => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
}

interface Connection {
  client: ListeningClient;
  /** Back to the pool; released with an error, the pool closes it instead of reusing it. */
  release: (err?: Error) => void;
}

/**
 * Holds one pooled connection that LISTENs on the outbox channel. When that connection fails it
 * reconnects every two seconds; after each (re)connect it rings once, because rows committed while
 * nobody listened sent their notification to no one.
 */
export class OutboxListener {
  private connection: Connection | null = null;
  private ready = false;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly onNotify: () => void,
    private readonly logger: JsonLogger,
  ) {}

  /** Whether a notification would reach us now; while not, the relay polls. */
  get listening(): boolean {
    return this.ready;
  }

  start(): void {
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const connection = this.connection;
    this.connection = null;
    this.ready = false;
    // Closed, not reused: a pooled connection must not keep listening for a later borrower.
    connection?.release(new Error('outbox listener stopped'));
  }

  private async connect(): Promise<void> {
    this.retry = null;
    if (this.stopped) return;
    let connection: Connection;
    try {
      const [client, release] = (await (this.dataSource.driver as PostgresDriver).obtainMasterConnection()) as [ListeningClient, Connection['release']];
      connection = { client, release };
    } catch (err) {
      this.reconnectLater(err as Error);
      return;
    }
    if (this.stopped) {
      connection.release(new Error('outbox listener stopped'));
      return;
    }
    this.connection = connection;
    const channel = outboxChannel(this.dataSource);
    // Without an error listener a dropped connection would crash the process.
    connection.client.on('error', (err) => this.lost(connection, err));
    connection.client.on('notification', (message) => {
      if (message.channel === channel) this.onNotify();
    });
    try {
      await connection.client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (err) {
      this.lost(connection, err as Error);
      return;
    }
    if (this.connection !== connection) return; // lost or stopped meanwhile
    this.ready = true;
    this.onNotify();
  }

  private lost(connection: Connection, err: Error): void {
    if (this.connection !== connection) return; // a connection already given up
    this.connection = null;
    this.ready = false;
    connection.release(err);
    this.reconnectLater(err);
  }

  private reconnectLater(err: Error): void {
    if (this.stopped) return;
    this.logger.write('warn', 'outbox listener reconnects', { error: err.message });
    this.retry ??= setTimeout(() => void this.connect(), RECONNECT_MS);
  }
}
