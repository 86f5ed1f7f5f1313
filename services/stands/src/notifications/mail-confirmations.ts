import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { API_ERRORS } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';
import { StandEntity } from '../stands/stand.entity.js';
import { MailAddresses } from './mail-addresses.js';
import { StandNotices } from './stand-notices.js';

/**
 * A guest confirms their address with the link of a confirmation request. The first time, what was
 * held back for it goes out, as it is now: for each registration made with the address and still
 * standing, the receipt with its manage link and the current decision. Confirming again changes
 * nothing; the address stays confirmed for every later registration.
 */
@Injectable()
export class MailConfirmations {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notices: StandNotices,
  ) {}

  /** 404 for an unknown or malformed token. */
  confirm(token: string): Promise<void> {
    return this.dataSource.transaction(async (m) => {
      const confirmed = await MailAddresses.confirm(m, token);
      if (!confirmed) throw fail.notFound(API_ERRORS.mailConfirmationNotFound);
      if (!confirmed.newly) return;
      const stands = await m
        .getRepository(StandEntity)
        .createQueryBuilder('stand')
        .where('lower(stand.guestEmail) = :address AND stand.exhibitorId IS NULL AND stand.status <> :withdrawn', {
          address: confirmed.address,
          withdrawn: 'withdrawn',
        })
        .orderBy('stand.createdAt', 'ASC')
        .getMany();
      for (const stand of stands) {
        const [[held]] = (await m.query(`DELETE FROM "held_guest_receipts" WHERE "stand_id" = $1 RETURNING "manage_token"`, [stand.id])) as [
          { manage_token: string }[],
          number,
        ];
        if (held) await this.notices.receipt(m, stand, held.manage_token);
        await this.notices.tellDecision(m, stand.id);
      }
    });
  }
}
