import { type DynamicModule, Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type TGatewayEnv } from './config.js';
import { HealthController } from './health/health.controller.js';
import { SERVICE_CLIENTS, type ServiceClients } from './services/services.js';
import type { GatewayRedis } from './http/redis-deadline.js';
import { GATEWAY_REDIS } from './session/session.js';
import { SignInController } from './sign-in/sign-in.controller.js';

@Module({})
export class AppModule {
  static forRoot(config: TGatewayEnv, services: ServiceClients, redis: GatewayRedis): DynamicModule {
    return {
      module: AppModule,
      controllers: [HealthController, SignInController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: SERVICE_CLIENTS, useValue: services },
        { provide: GATEWAY_REDIS, useValue: redis },
      ],
    };
  }
}
