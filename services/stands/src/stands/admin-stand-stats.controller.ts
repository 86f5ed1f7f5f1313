import { Controller } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { GET_ADMIN_STAND_STATS, type TAdminStandStats } from '@flohmarkt/contracts';
import { PublicRoute, SignedInCaller, fail, type CallerContext } from '@flohmarkt/server-kit';
import { StandEntity } from './stand.entity.js';

/** The admin dashboard's stand counters, in one grouped query (admins only). */
@Controller()
export class AdminStandStatsController {
  constructor(@InjectRepository(StandEntity) private readonly stands: Repository<StandEntity>) {}

  @PublicRoute(GET_ADMIN_STAND_STATS)
  async stats(@SignedInCaller() caller: CallerContext): Promise<TAdminStandStats> {
    if (caller.role !== 'admin') throw fail.forbidden();
    const rows: { status: keyof TAdminStandStats; count: number }[] = await this.stands
      .createQueryBuilder('s')
      .select('s.status', 'status')
      .addSelect('count(*)::int', 'count')
      .groupBy('s.status')
      .getRawMany();
    const stats: TAdminStandStats = { approved: 0, pending: 0, rejected: 0 };
    for (const row of rows) if (row.status in stats) stats[row.status] = row.count;
    return stats;
  }
}
