import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ZItemPhotoSet, type TItemPhotoAccess, type TItemPhotoSetAnswer } from '@flohmarkt/contracts';
import { Caller, ManageToken, parseInput, type CallerContext } from '@flohmarkt/server-kit';
import { ItemPhotoAccess } from './item-photo-access.js';

/**
 * The media service asks here before it takes an item's photo (contracts ITEM_PHOTO_ACCESS, an
 * access decision) and tells the item its photo's path once stored or removed (ITEM_PHOTO_SET,
 * under media's lock of the item, so the path here and the photo there stay the same one). The
 * caller is media's caller: signed in, or a guest whose manage token media passes on.
 */
@Controller('internal/items/:id')
export class ItemPhotoAccessController {
  constructor(private readonly access: ItemPhotoAccess) {}

  @Get('photo-access')
  check(@Param('id') id: string, @Caller() caller: CallerContext | null, @ManageToken() manageToken: string | undefined): Promise<TItemPhotoAccess> {
    return this.access.check(id, { caller, manageToken });
  }

  @Post('photo')
  @HttpCode(200)
  set(
    @Param('id') id: string,
    @Caller() caller: CallerContext | null,
    @ManageToken() manageToken: string | undefined,
    @Body() body: unknown,
  ): Promise<TItemPhotoSetAnswer> {
    const { photo } = parseInput(ZItemPhotoSet, body);
    return this.access.set(id, photo, { caller, manageToken });
  }
}
