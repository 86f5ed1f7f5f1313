/** The messages between the front (front.mjs) and a gateway process (adopt-connections.mjs) on its IPC channel. */
export const HANDOFF = {
  /** gateway → front: its server listens, connections may come. */
  listening: 'flohmarkt:listening',
  /** front → gateway, with the socket: a connection to serve. */
  connection: 'flohmarkt:connection',
};
