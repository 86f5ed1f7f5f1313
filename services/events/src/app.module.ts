import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HealthController, dataSourceOptions } from '@flohmarkt/server-kit';
import { EVENTS_CONFIG, type TEventsEnv } from './config.js';
import { eventsDatabase } from './database.js';
import { EventEntity } from './events/event.entity.js';

@Module({})
export class AppModule {
  static forRoot(config: TEventsEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [TypeOrmModule.forRoot(dataSourceOptions(eventsDatabase(config))), TypeOrmModule.forFeature([EventEntity])],
      controllers: [HealthController],
      providers: [{ provide: EVENTS_CONFIG, useValue: config }],
    };
  }
}
