import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { API_ERRORS } from '@flohmarkt/contracts';
import { fail, publish } from '@flohmarkt/server-kit';
import { ExhibitorFiguresEntity } from '../read-models/exhibitor-figures.entity.js';
import { ExhibitorProfileEntity } from '../profiles/exhibitor-profile.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * Deletes a user with everything auth keeps of them (their exhibitor profile and figures) and announces
 * UserDeleted in the same transaction: the events and stands services remove the user's events,
 * stands and reviews when the message reaches them, even if they are down right now. Either all of
 * it happens or none of it.
 */
@Injectable()
export class UserDeletionService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async delete(userId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(ExhibitorProfileEntity, { userId });
      await manager.delete(ExhibitorFiguresEntity, { userId });
      const deleted = await manager.delete(UserEntity, { id: userId });
      // Another admin was quicker: their transaction already announced it.
      if (!deleted.affected) throw fail.notFound(API_ERRORS.userNotFound);
      await publish(manager, 'UserDeleted', { userId });
    });
  }
}
