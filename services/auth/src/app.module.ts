import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HealthController, MessagingModule, dataSourceOptions } from '@flohmarkt/server-kit';
import { AccountController } from './account/account.controller.js';
import { AccountPeers } from './peers/account-peers.js';
import { AccountSelfService } from './account/account-self-service.js';
import { AdminUsersController } from './admin/admin-users.controller.js';
import { UserDeletionService } from './admin/user-deletion.service.js';
import { AUTH_CONFIG, type TAuthEnv } from './config.js';
import { authDatabase } from './database.js';
import { ExhibitorFiguresReadModel } from './read-models/exhibitor-figures-read-model.js';
import { ExhibitorsController } from './exhibitors/exhibitors.controller.js';
import { FavouritesController } from './favourites/favourites.controller.js';
import { FavouritesService } from './favourites/favourites.service.js';
import { ExhibitorProfileEntity } from './profiles/exhibitor-profile.entity.js';
import { ExhibitorProfilesController } from './profiles/exhibitor-profiles.controller.js';
import { ExhibitorProfilesService } from './profiles/exhibitor-profiles.service.js';
import { OidcClient } from './sign-in/oidc-client.js';
import { SignInController } from './sign-in/sign-in.controller.js';
import { UserEntity } from './users/user.entity.js';
import { UserPageController } from './users/user-page.controller.js';
import { UsersInternalController } from './users/users-internal.controller.js';
import { UsersService } from './users/users.service.js';
import { AUTH_JOB_HANDLERS } from './jobs/auth-job-handlers.js';

@Module({})
export class AppModule {
  static forRoot(config: TAuthEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(dataSourceOptions(authDatabase(config))),
        TypeOrmModule.forFeature([UserEntity, ExhibitorProfileEntity]),
        MessagingModule.forRoot({
          service: 'auth',
          consumes: 'auth',
          redisUrl: config.REDIS_URL,
          redisPrefix: config.REDIS_PREFIX,
          logLevel: config.LOG_LEVEL,
        }),
      ],
      controllers: [
        HealthController,
        UsersInternalController,
        SignInController,
        UserPageController,
        ExhibitorProfilesController,
        ExhibitorsController,
        AdminUsersController,
        AccountController,
        FavouritesController,
      ],
      providers: [
        { provide: AUTH_CONFIG, useValue: config },
        UsersService,
        OidcClient,
        ExhibitorProfilesService,
        ExhibitorFiguresReadModel,
        UserDeletionService,
        AccountPeers,
        AccountSelfService,
        FavouritesService,
        AUTH_JOB_HANDLERS,
      ],
    };
  }
}
