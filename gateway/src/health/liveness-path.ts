/**
 * The gateway's liveness answer (health.controller.ts), asked by the launcher and by the
 * orchestrator's probes; the web app never answers it (web/web-app.ts), whatever its route table.
 */
export const LIVENESS_PATH = '/healthz';
