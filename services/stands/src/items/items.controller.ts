import { Body, Controller, HttpCode, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CREATE_ITEM, DELETE_ITEM, LIST_STAND_ITEMS, UPDATE_ITEM, type TItem } from '@flohmarkt/contracts';
import { Caller, ManageToken, Idempotent, PublicRoute, parseCallBody, type CallerContext } from '@flohmarkt/server-kit';
import { PRIVATE_LIST_CACHE } from '../privacy/stand-privacy.js';
import { StandItems } from './stand-items.js';

/** The header the gateway forwards a guest's manage token in, as Node lower-cases it. */
/**
 * A stand's highlight items (issue 35). Writes are not sign-in-only: a guest writes with their
 * stand's manage token; anyone else not allowed gets the 403 (a stand they may not see, the 404).
 */
@Controller()
export class ItemsController {
  constructor(private readonly items: StandItems) {}

  /** Only the signed-out read of an approved stand's items is the public's; any other says so to caches. */
  @PublicRoute(LIST_STAND_ITEMS)
  async list(
    @Param('id') id: string,
    @Caller() caller: CallerContext | null,
    @ManageToken() manageToken: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TItem[]> {
    const { items, publicRead } = await this.items.list(id, { caller, manageToken });
    if (!publicRead) res.setHeader('Cache-Control', PRIVATE_LIST_CACHE);
    return items;
  }

  @PublicRoute(CREATE_ITEM)
  @Idempotent()
  create(
    @Param('id') id: string,
    @Body() body: unknown,
    @Caller() caller: CallerContext | null,
    @ManageToken() manageToken: string | undefined,
  ): Promise<TItem> {
    return this.items.create(id, { caller, manageToken }, () => parseCallBody(CREATE_ITEM, body));
  }

  @PublicRoute(UPDATE_ITEM)
  update(
    @Param('id') id: string,
    @Body() body: unknown,
    @Caller() caller: CallerContext | null,
    @ManageToken() manageToken: string | undefined,
  ): Promise<TItem> {
    return this.items.update(id, { caller, manageToken }, () => parseCallBody(UPDATE_ITEM, body));
  }

  @PublicRoute(DELETE_ITEM)
  @HttpCode(204)
  async remove(@Param('id') id: string, @Caller() caller: CallerContext | null, @ManageToken() manageToken: string | undefined): Promise<void> {
    await this.items.remove(id, { caller, manageToken });
  }
}
