import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HealthController, dataSourceOptions } from '@flohmarkt/server-kit';
import { MEDIA_CONFIG, type TMediaEnv } from './config.js';
import { mediaDatabase } from './database.js';
import { PhotoEntity } from './photos/photo.entity.js';

@Module({})
export class AppModule {
  static forRoot(config: TMediaEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [TypeOrmModule.forRoot(dataSourceOptions(mediaDatabase(config))), TypeOrmModule.forFeature([PhotoEntity])],
      controllers: [HealthController],
      providers: [{ provide: MEDIA_CONFIG, useValue: config }],
    };
  }
}
