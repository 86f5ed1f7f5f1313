import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Not, type DataSource } from 'typeorm';
import { API_ERRORS } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';
import { StandEntity } from '../stands/stand.entity.js';
import { MailAddresses } from './mail-addresses.js';
import { StandNotices } from './stand-notices.js';

/**
 * A guest confirms a registration with the link of its confirmation request. The first time, what
 * was held back goes out, as it is now: the receipt with its manage link (unless the stand was
 * withdrawn meanwhile) and the current decision. Only that registration: another one made with the
 * same address waits for its own link. Confirming again changes nothing.
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
      const stand = await m.getRepository(StandEntity).findOneBy({ id: confirmed.standId, status: Not('withdrawn') });
      if (!stand) return;
      const [[held]] = (await m.query(`DELETE FROM "held_guest_receipts" WHERE "stand_id" = $1 RETURNING "manage_token"`, [stand.id])) as [
        { manage_token: string }[],
        number,
      ];
      if (held) await this.notices.receipt(m, stand, held.manage_token);
      await this.notices.tellDecision(m, stand.id);
    });
  }
}
