import type { IncomingMessage } from 'node:http';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { MANAGE_TOKEN_HEADER } from '@flohmarkt/contracts';
import { fail } from './errors.js';
import { currentContext, type CallerContext } from './request-context.js';

/** The signed-in caller, or null for anonymous requests. */
export const Caller = createParamDecorator((): CallerContext | null => currentContext()?.caller ?? null);

/** The signed-in caller; anonymous requests fail with 401 before anything else is checked. */
export const SignedInCaller = createParamDecorator((): CallerContext => {
  const caller = currentContext()?.caller;
  if (!caller) throw fail.unauthenticated();
  return caller;
});

/**
 * A guest's manage token, as the gateway passes it on in X-Manage-Token (only in the token's shape)
 * and media on to stands; undefined without one. The service decides what it opens.
 */
export const ManageToken = createParamDecorator((_: unknown, context: ExecutionContext): string | undefined => {
  const value = context.switchToHttp().getRequest<IncomingMessage>().headers[MANAGE_TOKEN_HEADER.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
});
