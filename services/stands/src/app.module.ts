import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HealthController, dataSourceOptions } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from './config.js';
import { standsDatabase } from './database.js';
import { ReviewEntity } from './reviews/review.entity.js';
import { StandEntity } from './stands/stand.entity.js';

@Module({})
export class AppModule {
  static forRoot(config: TStandsEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(dataSourceOptions(standsDatabase(config))),
        TypeOrmModule.forFeature([StandEntity, ReviewEntity]),
      ],
      controllers: [HealthController],
      providers: [{ provide: STANDS_CONFIG, useValue: config }],
    };
  }
}
