import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HealthController, JOB_HANDLERS, JsonLogger, MessagingModule, dataSourceOptions } from '@flohmarkt/server-kit';
import type { TMediaEnv } from './config.js';
import { mediaDatabase } from './database.js';
import { mediaProviders } from './media-providers.js';
import { DeletePhoto } from './photos/delete-photo.js';
import { PhotoEntity } from './photos/photo.entity.js';
import { PhotoPurge } from './photos/photo-purge.js';
import { PhotosController } from './photos/photos.controller.js';
import { StandPhotoList } from './photos/stand-photo-list.js';
import { UploadPhoto } from './photos/upload-photo.js';
import { MediaController } from './serving/media.controller.js';
import { mediaJobHandlers } from './stand-deleted/media-job-handlers.js';

@Module({})
export class AppModule {
  static forRoot(config: TMediaEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(dataSourceOptions(mediaDatabase(config))),
        TypeOrmModule.forFeature([PhotoEntity]),
        MessagingModule.forRoot({ service: 'media', consumes: 'media', redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX, logLevel: config.LOG_LEVEL }),
      ],
      controllers: [HealthController, PhotosController, MediaController],
      providers: [
        ...mediaProviders(config),
        UploadPhoto,
        DeletePhoto,
        { provide: JOB_HANDLERS, useFactory: mediaJobHandlers, inject: [PhotoPurge, StandPhotoList, JsonLogger] },
      ],
    };
  }
}
