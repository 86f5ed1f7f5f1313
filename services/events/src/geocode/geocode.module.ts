import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { GEOCODE_OPTIONS, type GeocodeOptions } from './geocode.config.js';
import { GeocodeController } from './geocode.controller.js';
import { GeocodeService } from './geocode.service.js';
import { ONLINE_GEOCODER, onlineGeocoder } from './online-geocoder.js';
import { redisSlotGate } from './redis-gate.js';
import { StreetIndex } from './street-index.js';

/**
 * The Redis connection of the cross-replica request gate: only opened when an online geocoder is
 * configured, closed at shutdown.
 */
@Injectable()
class GeocoderGate implements OnApplicationShutdown {
  readonly acquire?: (deadline: number) => Promise<void>;
  private readonly redis: Redis | null = null;

  constructor(@Inject(GEOCODE_OPTIONS) options: GeocodeOptions) {
    if (!options.geocoderUrl || !options.redisUrl) return;
    // One retry per command: with Redis away the gate fails within the call's deadline and the search
    // answers offline. (Commands sent while the first connection is being made wait for it.)
    this.redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    this.redis.on('error', () => undefined); // reconnects by itself; a failed gate is logged by the service
    this.acquire = redisSlotGate(this.redis, `${options.redisPrefix ?? ''}geocoder:slot`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}

/**
 * GET /geocode and /geocode/reverse. Import once into the events AppModule (after TypeORM, whose
 * DataSource the street index reads):
 * `GeocodeModule.forRoot(geocodeOptions(config))`.
 */
@Module({})
export class GeocodeModule {
  static forRoot(options: GeocodeOptions): DynamicModule {
    return {
      module: GeocodeModule,
      controllers: [GeocodeController],
      providers: [
        { provide: GEOCODE_OPTIONS, useValue: options },
        GeocoderGate,
        { provide: ONLINE_GEOCODER, useFactory: (gate: GeocoderGate) => onlineGeocoder(options, gate.acquire), inject: [GeocoderGate] },
        // The events' streets, from the service's database when the app has one (the module alone has none).
        StreetIndex,
        GeocodeService,
      ],
    };
  }
}
