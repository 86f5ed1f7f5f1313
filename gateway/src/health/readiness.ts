import { SERVICE_NAMES, type TServiceName } from '../config.js';
import type { ServiceClients } from '../services/services.js';

export interface HealthReport {
  ok: boolean;
  services: Record<TServiceName, 'up' | 'down'>;
  missing: TServiceName[];
}

/** Asks every service's /health (each replica list once, short timeout). */
export async function checkServices(services: ServiceClients, timeoutMs = 2000): Promise<HealthReport> {
  const results = await Promise.all(
    SERVICE_NAMES.map(async (name) => {
      try {
        const answer = await services[name].json<unknown>({ method: 'GET', path: '/health', requestId: 'health', timeoutMs });
        return [name, answer.status === 200 ? 'up' : 'down'] as const;
      } catch {
        return [name, 'down'] as const;
      }
    }),
  );
  const report = Object.fromEntries(results) as Record<TServiceName, 'up' | 'down'>;
  const missing = SERVICE_NAMES.filter((n) => report[n] !== 'up');
  return { ok: missing.length === 0, services: report, missing };
}

/**
 * Until every service has answered once, /api answers 503 (the product is still starting). After
 * that, a service that goes away is reported per request, and the gate stays open.
 */
export class Readiness {
  private ready = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly services: ServiceClients) {}

  get isReady(): boolean {
    return this.ready;
  }

  watch(onReady: () => void, intervalMs = 500): void {
    const tick = async (): Promise<void> => {
      const report = await checkServices(this.services, 1500);
      if (report.ok) {
        this.ready = true;
        onReady();
        return;
      }
      this.timer = setTimeout(() => void tick(), intervalMs);
    };
    void tick();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}
