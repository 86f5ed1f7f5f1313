import { Controller, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { SEARCH_ITEMS, type TItemSearchHit } from '@flohmarkt/contracts';
import { PublicRoute, parseCallQuery } from '@flohmarkt/server-kit';
import { ItemSearch } from './item-search.js';

/** GET /api/items/search: anyone; the hits of the page, the number of all in X-Total-Count (item-search.ts). */
@Controller()
export class ItemSearchController {
  constructor(private readonly search: ItemSearch) {}

  @PublicRoute(SEARCH_ITEMS)
  async find(@Query() raw: unknown, @Res({ passthrough: true }) res: Response): Promise<TItemSearchHit[]> {
    const { hits, total } = await this.search.find(parseCallQuery(SEARCH_ITEMS, raw));
    res.setHeader('X-Total-Count', String(total));
    return hits;
  }
}

export const ITEM_SEARCH_CONTROLLERS = [ItemSearchController];
export const ITEM_SEARCH_PROVIDERS = [ItemSearch];
