import type { Request } from 'express';
import { MANAGE_TOKEN_HEADER, ZGuestManageToken } from '@flohmarkt/contracts';

/** A guest's manage token for their own writes (MANAGE_TOKEN_HEADER), only in the token's shape: anything else is no token. */
export function guestManageToken(req: Request): string | undefined {
  const token = req.header(MANAGE_TOKEN_HEADER);
  return token !== undefined && ZGuestManageToken.safeParse(token).success ? token : undefined;
}
