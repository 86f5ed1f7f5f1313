import { Controller, Delete, Get, Header, HttpCode, Param, Put } from '@nestjs/common';
import { API_ERRORS, ZFavouriteKind, type TFavouriteKind, type TFavourites } from '@flohmarkt/contracts';
import { SignedInCaller, fail, type CallerContext } from '@flohmarkt/server-kit';
import { FavouritesService } from './favourites.service.js';

/** /api/me/favourites: the signed-in user's own list; whose it is comes from the session alone. */
@Controller('me/favourites')
export class FavouritesController {
  constructor(private readonly favourites: FavouritesService) {}

  /** 401 → 200 `{ events, stands }`. */
  @Get()
  @Header('Cache-Control', 'no-store')
  list(@SignedInCaller() caller: CallerContext): Promise<TFavourites> {
    return this.favourites.list(caller.id);
  }

  /** 401 → 404 (kind) → 400 (malformed id, full list) → 204, again and again. */
  @Put(':kind/:id')
  @HttpCode(204)
  async add(@SignedInCaller() caller: CallerContext, @Param('kind') kind: string, @Param('id') id: string): Promise<void> {
    await this.favourites.add(caller.id, kindOf(kind), id);
  }

  /** 401 → 404 (kind) → 400 (malformed id) → 204, also when the entry was not there. */
  @Delete(':kind/:id')
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
