import { createParamDecorator } from '@nestjs/common';
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
