import { Controller, Header, HttpCode, Param, Query } from '@nestjs/common';
import { ADD_FAVOURITE, API_ERRORS, LIST_FAVOURITES, REMOVE_FAVOURITE, ZFavouriteKind, type TFavouriteKind, type TFavourites } from '@flohmarkt/contracts';
import { PublicRoute, SignedInCaller, fail, parseCallQuery, type CallerContext } from '@flohmarkt/server-kit';
import { FavouritesService } from './favourites.service.js';

/** The signed-in user's own Merkliste (LIST_FAVOURITES, ADD_FAVOURITE, REMOVE_FAVOURITE); whose it is comes from the session alone. */
@Controller()
export class FavouritesController {
  constructor(private readonly favourites: FavouritesService) {}

  /** 401 → 200 `{ events, stands, reminders }`. */
  @PublicRoute(LIST_FAVOURITES)
  @Header('Cache-Control', 'no-store')
  list(@SignedInCaller() caller: CallerContext): Promise<TFavourites> {
    return this.favourites.list(caller.id);
  }

  /**
   * 401 → 404 (kind) → 400 (`remind` not true/false, malformed id, `remind` for a stand, full list) →
   * 204, again and again. `?remind=` switches a kept event's reminder of the evening before.
   */
  @PublicRoute(ADD_FAVOURITE)
  @HttpCode(204)
  async add(@SignedInCaller() caller: CallerContext, @Param('kind') kind: string, @Param('id') id: string, @Query() query: unknown): Promise<void> {
    const entryKind = kindOf(kind);
    const { remind } = parseCallQuery(ADD_FAVOURITE, query);
    await this.favourites.add(caller.id, entryKind, id, remind);
  }

  /** 401 → 404 (kind) → 400 (malformed id) → 204, also when the entry was not there. */
  @PublicRoute(REMOVE_FAVOURITE)
  @HttpCode(204)
  async remove(@SignedInCaller() caller: CallerContext, @Param('kind') kind: string, @Param('id') id: string): Promise<void> {
    await this.favourites.remove(caller.id, kindOf(kind), id);
  }
}

function kindOf(raw: string): TFavouriteKind {
  const parsed = ZFavouriteKind.safeParse(raw);
  if (!parsed.success) throw fail.notFound(API_ERRORS.notFound);
  return parsed.data;
}
