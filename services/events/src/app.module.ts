import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HealthController, MessagingModule, dataSourceOptions } from '@flohmarkt/server-kit';
import { EVENTS_CONFIG, type TEventsEnv } from './config.js';
import { eventsDatabase } from './database.js';
import { eventReadsImports, eventReadsProvider } from './read-database.js';
import { EventEntity } from './events/event.entity.js';
import { EventsController } from './events/events.controller.js';
import { EventsInternalController } from './events/events-internal.controller.js';
import { EventsService } from './events/events.service.js';
import { EventSearch } from './search/event-search.js';
import { geocodeOptions } from './geocode/geocode.config.js';
import { GeocodeModule } from './geocode/geocode.module.js';
import { EVENTS_JOB_HANDLERS } from './jobs/events-job-handlers.js';
import { StandCountReadModel } from './read-models/stand-count-read-model.js';
import { StandStreetReadModel } from './read-models/stand-street-read-model.js';
import { StreetGeocoder } from './street-lookup/street-geocoder.js';
import { StreetLookupController } from './street-lookup/street-lookup.controller.js';
import { AddressCheckController } from './street-lookup/address-check.controller.js';
import { MyEventsController } from './my-events/my-events.controller.js';
import { AdminEventsController } from './admin-events/admin-events.controller.js';
import { UserEventsExportController } from './user-export/user-events-export.controller.js';
import { CalendarController } from './calendar/calendar.controller.js';
import { FeedsController } from './feeds/feeds.controller.js';
import { SeriesController } from './series/series.controller.js';
import { TeamController } from './team/team.controller.js';
import { TeamNamesReadModel } from './read-models/team-names.js';
import { TeamService } from './team/team.service.js';

@Module({})
export class AppModule {
  static forRoot(config: TEventsEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(dataSourceOptions(eventsDatabase(config))),
        ...eventReadsImports(config),
        TypeOrmModule.forFeature([EventEntity]),
        GeocodeModule.forRoot(geocodeOptions(config)),
        MessagingModule.forRoot({
          service: 'events',
          consumes: 'events',
          redisUrl: config.REDIS_URL,
          redisPrefix: config.REDIS_PREFIX,
          logLevel: config.LOG_LEVEL,
        }),
      ],
      controllers: [
        HealthController,
        EventsInternalController,
        StreetLookupController,
        AddressCheckController,
        UserEventsExportController,
        MyEventsController,
        AdminEventsController,
        EventsController,
        CalendarController,
        FeedsController,
        SeriesController,
        TeamController,
      ],
      providers: [
        { provide: EVENTS_CONFIG, useValue: config },
        eventReadsProvider(config),
        EventsService,
        EventSearch,
        StandCountReadModel,
        StandStreetReadModel,
        StreetGeocoder,
        TeamService,
        TeamNamesReadModel,
        EVENTS_JOB_HANDLERS,
      ],
    };
  }
}
