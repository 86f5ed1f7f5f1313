import { type DynamicModule, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BackgroundModule, HealthController, MessagingModule, dataSourceOptions } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from './config.js';
import { standsDatabase } from './database.js';
import { EXPORT_CONTROLLERS } from './exports/exports.controller.js';
import { NOTIFICATION_CONTROLLERS, NOTIFICATION_PROVIDERS } from './notifications/notifications.js';
import { StandNumberConflicts } from './numbering/stand-number-conflicts.js';
import { StandNumbering } from './numbering/stand-numbering.js';
import { StandNumbersController } from './numbering/stand-numbers.controller.js';
import { LiveController } from './live/live.controller.js';
import { LiveStates } from './live/live-states.js';
import { MARKET_DAY_CONTROLLERS, MARKET_DAY_PROVIDERS } from './market-day/market-day.controller.js';
import { STANDS_BACKGROUND_JOBS, STANDS_BACKGROUND_QUEUE } from './jobs/stands-background-jobs.js';
import { STANDS_JOB_HANDLERS } from './jobs/stands-job-handlers.js';
import { EventsClient } from './peers/events-client.js';
import { ROUTE_PROVIDERS, RouteController } from './route/route.controller.js';
import { PRINT_CONTROLLERS, PRINT_PROVIDERS } from './print/print.controller.js';
import { EventFactsReadModel } from './read-models/event-facts.js';
import { PhotoStatesReadModel } from './read-models/photo-states.js';
import { ReminderWishesReadModel } from './read-models/reminder-wishes.js';
import { EventReminders } from './reminders/event-reminders.js';
import { ComeBackController } from './come-back/come-back.controller.js';
import { ComeBackMails } from './come-back/come-back-mails.js';
import { ComeBackSubscriptions } from './come-back/subscriptions.js';
import { InvitationsController } from './invitations/invitations.controller.js';
import { ITEM_SEARCH_CONTROLLERS, ITEM_SEARCH_PROVIDERS } from './item-search/item-search.controller.js';
import { HOLDS_CONTROLLERS, HOLDS_PROVIDERS } from './holds/holds.controller.js';
import { RECONFIRMATION_CONTROLLERS, RECONFIRMATION_PROVIDERS } from './reconfirmation/reconfirmation.controller.js';
import { ItemPhotoAccess } from './items/item-photo-access.js';
import { ItemPhotoAccessController } from './items/item-photo-access.controller.js';
import { ItemsController } from './items/items.controller.js';
import { StandItems } from './items/stand-items.js';
import { PreviousInvitations } from './invitations/previous-invitations.js';
import { UserNamesReadModel } from './read-models/user-names.js';
import { UserStandDataController } from './exports-for-user/user-stand-data.controller.js';
import { ReviewEntity } from './reviews/review.entity.js';
import { AdminStandStatsController } from './stands/admin-stand-stats.controller.js';
import { ExhibitorReviewsController } from './reviews/exhibitor-reviews.controller.js';
import { ReviewCommands } from './reviews/review-commands.js';
import { ReviewPresenter } from './reviews/review-presenter.js';
import { ReviewsController } from './reviews/reviews.controller.js';
import { BulkReviewController } from './stands/bulk-review.controller.js';
import { EventStandsController } from './stands/event-stands.controller.js';
import { GuestManageController } from './stands/guest-manage.controller.js';
import { StandCalendarController } from './calendar/stand-calendar.controller.js';
import { GuestStandsController } from './stands/guest-stands.controller.js';
import { ModerationController } from './stands/moderation.controller.js';
import { RegisterStandController } from './stands/register-stand.controller.js';
import { StandCommands } from './stands/stand-commands.js';
import { StandLoader } from './stands/stand-loader.js';
import { StandPhotos } from './stands/stand-photos.js';
import { StandPhotosInternalController } from './stands/stand-photos-internal.controller.js';
import { PrivacyClock } from './privacy/privacy-clock.js';
import { Retention } from './privacy/retention.js';
import { StandPresenter } from './stands/stand-presenter.js';
import { StandQueries } from './stands/stand-queries.js';
import { StandController } from './stands/stand.controller.js';
import { StandOverviewController } from './stands/stand-overview.controller.js';
import { StandEntity } from './stands/stand.entity.js';
import { StandStreets } from './streets/stand-streets.js';
import { StreetLookups } from './streets/street-lookups.js';
import { UserStandsController } from './stands/user-stands.controller.js';
import { WalkUpStandsController } from './stands/walk-up-stands.controller.js';

@Module({})
export class AppModule {
  static forRoot(config: TStandsEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(dataSourceOptions(standsDatabase(config))),
        TypeOrmModule.forFeature([StandEntity, ReviewEntity]),
        MessagingModule.forRoot({
          service: 'stands',
          consumes: 'stands',
          redisUrl: config.REDIS_URL,
          redisPrefix: config.REDIS_PREFIX,
          logLevel: config.LOG_LEVEL,
        }),
        BackgroundModule.forRoot({
          service: 'stands',
          queue: STANDS_BACKGROUND_QUEUE,
          redisUrl: config.REDIS_URL,
          redisPrefix: config.REDIS_PREFIX,
          logLevel: config.LOG_LEVEL,
        }),
      ],
      controllers: [
        HealthController,
        StandPhotosInternalController,
        UserStandDataController,
        EventStandsController,
        GuestStandsController,
        GuestManageController,
        StandCalendarController,
        ComeBackController,
        InvitationsController,
        ItemsController,
        ItemPhotoAccessController,
        RegisterStandController,
        // Before StandController and ReviewsController, so /stands/user/{id} is always a user's list.
        UserStandsController,
        StandController,
        ModerationController,
        ReviewsController,
        ExhibitorReviewsController,
        AdminStandStatsController,
        StandNumbersController,
        BulkReviewController,
        WalkUpStandsController,
        StandOverviewController,
        LiveController,
        RouteController,
        ...NOTIFICATION_CONTROLLERS,
        ...PRINT_CONTROLLERS,
        ...EXPORT_CONTROLLERS,
        ...ITEM_SEARCH_CONTROLLERS,
        ...HOLDS_CONTROLLERS,
        ...RECONFIRMATION_CONTROLLERS,
        ...MARKET_DAY_CONTROLLERS,
      ],
      providers: [
        { provide: STANDS_CONFIG, useValue: config },
        EventsClient,
        EventFactsReadModel,
        UserNamesReadModel,
        PhotoStatesReadModel,
        ReminderWishesReadModel,
        EventReminders,
        ComeBackSubscriptions,
        ComeBackMails,
        PreviousInvitations,
        StandQueries,
        StandItems,
        ItemPhotoAccess,
        StandCommands,
        StandLoader,
        StandPresenter,
        PrivacyClock,
        LiveStates,
        ...ROUTE_PROVIDERS,
        Retention,
        ReviewPresenter,
        ReviewCommands,
        StandPhotos,
        StandNumbering,
        StandStreets,
        StreetLookups,
        // A stand number given twice answers the German 409 on every route (edit, approval, numbering).
        { provide: APP_INTERCEPTOR, useClass: StandNumberConflicts },
        ...NOTIFICATION_PROVIDERS,
        ...PRINT_PROVIDERS,
        ...ITEM_SEARCH_PROVIDERS,
        ...HOLDS_PROVIDERS,
        ...RECONFIRMATION_PROVIDERS,
        ...MARKET_DAY_PROVIDERS,
        STANDS_JOB_HANDLERS,
        STANDS_BACKGROUND_JOBS,
      ],
    };
  }
}
