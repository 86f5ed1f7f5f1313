import { z } from 'zod';
import { ZServiceEnv, env } from '@flohmarkt/server-kit';

export const ZAuthEnv = ZServiceEnv.extend({
  PORT: env.port(8101),
  DATABASE_SCHEMA: z.string().default('auth'),
  /** Public issuer URL of the OpenID Connect provider (any: Keycloak, Authentik, Zitadel, the dev one). */
  OIDC_ISSUER: env.url(),
  /** Where this process reaches the issuer when its public URL is not reachable from inside (compose). */
  OIDC_INTERNAL_URL: env.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1, 'must not be empty'),
  OIDC_CLIENT_SECRET: z.string().min(1, 'must not be empty'),
  OIDC_REDIRECT_URI: env.url(),
  OIDC_POST_LOGOUT_REDIRECT_URI: env.url(),
  OIDC_SCOPES: z.string().default('openid email profile'),
  /**
   * The owners of a user's other data, asked at the moment a user exports their data or deletes their
   * account (peers/account-peers.ts): events (the events they organise), stands (stands and reviews).
   */
  EVENTS_SERVICE_URL: env.serviceUrls(),
  STANDS_SERVICE_URL: env.serviceUrls(),
  /** Comma-separated e-mails that get the role admin at sign-in. */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
});
export type TAuthEnv = z.infer<typeof ZAuthEnv>;

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
