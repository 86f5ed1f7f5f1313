import type { z } from 'zod';

/** The override's name says what it allows, so nobody sets it without reading it. */
export const DEV_LOGIN_OVERRIDE = 'ALLOW_DEV_LOGIN_IN_PRODUCTION_ANYONE_CAN_SIGN_IN_AS_ANYONE';

interface TDevLoginSettings {
  NODE_ENV: string;
  DEV_IDP_URL?: string;
  [DEV_LOGIN_OVERRIDE]: boolean;
}

/**
 * The development identity provider lets anyone sign in as anyone (any e-mail, no password). A
 * production gateway that proxies it would hand out every account, admins included, so DEV_IDP_URL
 * stops the start unless the operator says so in words that cannot be misread.
 */
export function refuseDevLoginInProduction(config: TDevLoginSettings, ctx: z.RefinementCtx): void {
  if (config.NODE_ENV !== 'production' || !config.DEV_IDP_URL || config[DEV_LOGIN_OVERRIDE]) return;
  ctx.addIssue({
    code: 'custom',
    path: ['DEV_IDP_URL'],
    message:
      'the development sign-in lets anyone sign in as anyone (any e-mail, no password) and is refused with NODE_ENV=production. ' +
      `Leave DEV_IDP_URL empty and use a real identity provider (docs/operations.md), or set ${DEV_LOGIN_OVERRIDE}=true for a local trial.`,
  });
}
