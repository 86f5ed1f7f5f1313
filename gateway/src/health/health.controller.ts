import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { API_ERRORS, GET_HEALTH } from '@flohmarkt/contracts';
import { SERVICE_CLIENTS, type ServiceClients } from '../services/services.js';
import type { GatewayRedis } from '../http/redis-deadline.js';
import { GATEWAY_REDIS } from '../session/session.js';
import { noteUnavailable } from '../http/unavailable.js';
import { GatewayRoute } from '../routing/gateway-route.js';
import { LIVENESS_PATH } from './liveness-path.js';
import { checkServices } from './readiness.js';

@Controller()
export class HealthController {
  constructor(
    @Inject(SERVICE_CLIENTS) private readonly services: ServiceClients,
    @Inject(GATEWAY_REDIS) private readonly redis: GatewayRedis,
  ) {}

  /** 200 only when every service answers; otherwise 503 naming the ones missing. */
  @GatewayRoute(GET_HEALTH)
  async health(@Res() res: Response): Promise<void> {
    const [report, redis] = await Promise.all([
      checkServices(this.services),
      this.redis.ping().then(
        () => 'up' as const,
        () => 'down' as const,
      ),
    ]);
    res.setHeader('Cache-Control', 'no-store');
    if (report.ok && redis === 'up') {
      res.json({ status: 'ok', services: report.services, redis });
      return;
    }
    const missing = [...report.missing, ...(redis === 'down' ? ['redis'] : [])];
    noteUnavailable(res, { code: 'NOT_HEALTHY', peer: missing.join(','), attempt: 1, mayHaveReached: true });
    res.status(503).json({ message: API_ERRORS.serviceUnavailable, status: 'unavailable', missing, services: report.services, redis });
  }

  /** The gateway process itself is alive (for liveness probes; says nothing about the services). */
  @Get(LIVENESS_PATH)
  alive(): { status: string } {
    return { status: 'ok' };
  }
}
