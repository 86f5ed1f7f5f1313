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
export const ManageToken = createParamDecorator((_: unknown, context: ExecutionContext): string | undefined => manageTokenOf(context));

/** Who asks where a guest's manage token stands in for a session: the signed-in caller (or null) and the token (undefined without one). */
export interface Asker {
  caller: CallerContext | null;
  manageToken: string | undefined;
}

/**
 * The asker of a call declared `signIn: 'or-manage-token'` (a guest's own stand's photos): 401 when
 * neither a session nor a manage token came, as the gateway answers it. What the token opens is the
 * service's decision.
 */
export const SignedInOrGuest = createParamDecorator((_: unknown, context: ExecutionContext): Asker => {
  const caller = currentContext()?.caller ?? null;
  const manageToken = manageTokenOf(context);
  if (!caller && manageToken === undefined) throw fail.unauthenticated();
  return { caller, manageToken };
});

function manageTokenOf(context: ExecutionContext): string | undefined {
  const value = context.switchToHttp().getRequest<IncomingMessage>().headers[MANAGE_TOKEN_HEADER.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}
