import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HealthController, MessagingModule, dataSourceOptions } from '@flohmarkt/server-kit';
import type { TMediaEnv } from './config.js';
import { mediaDatabase } from './database.js';
import { MEDIA_JOB_HANDLERS } from './jobs/media-job-handlers.js';
import { mediaProviders } from './media-providers.js';
import { DeletePhoto } from './photos/delete-photo.js';
import { ItemPhotoController } from './photos/item-photo.controller.js';
import { ItemPhotos } from './photos/item-photos.js';
import { PhotoEntity } from './photos/photo.entity.js';
import { PhotosController } from './photos/photos.controller.js';
import { PhotoUploadAccessController } from './photos/photo-upload-access.controller.js';
import { UploadPhoto } from './photos/upload-photo.js';
import { MediaController } from './serving/media.controller.js';

@Module({})
export class AppModule {
  static forRoot(config: TMediaEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(dataSourceOptions(mediaDatabase(config))),
        TypeOrmModule.forFeature([PhotoEntity]),
        MessagingModule.forRoot({
          service: 'media',
          consumes: 'media',
          redisUrl: config.REDIS_URL,
          redisPrefix: config.REDIS_PREFIX,
          logLevel: config.LOG_LEVEL,
        }),
      ],
      controllers: [HealthController, PhotosController, PhotoUploadAccessController, ItemPhotoController, MediaController],
      providers: [...mediaProviders(config), UploadPhoto, DeletePhoto, ItemPhotos, MEDIA_JOB_HANDLERS],
    };
  }
}
