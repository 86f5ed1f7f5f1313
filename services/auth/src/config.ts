import { z } from 'zod';
import { ZServiceEnv, env } from '@flohmarkt/server-kit';

export const ZAuthEnv = ZServiceEnv.extend({
  PORT: env.port(8101),
  DATABASE_SCHEMA: z.string().default('auth'),
  OIDC_ISSUER: env.url().describe('Public issuer URL of the OpenID Connect provider (any: Keycloak, Authentik, Zitadel, the development one).'),
  OIDC_INTERNAL_URL: env
    .url()
    .optional()
    .describe('Where this process reaches the issuer when its public URL is not reachable from inside (compose); unset: `OIDC_ISSUER`.'),
  OIDC_CLIENT_ID: z.string().min(1, 'must not be empty').describe("The product's client id at the identity provider."),
  OIDC_CLIENT_SECRET: z.string().min(1, 'must not be empty').describe("The product's client secret at the identity provider."),
  OIDC_REDIRECT_URI: env.url().describe('Where the provider sends the browser back after sign-in: `PUBLIC_URL/api/callback`.'),
  OIDC_POST_LOGOUT_REDIRECT_URI: env.url().describe('Where the provider sends the browser after sign-out: `PUBLIC_URL/`.'),
  OIDC_SCOPES: z.string().default('openid email profile').describe('Scopes asked for at sign-in.'),
  EVENTS_SERVICE_URL: env
    .serviceUrls()
    .describe(
      'The events service (the events a user organises), asked when a user exports their data or deletes their account (peers/account-peers.ts); several comma-separated URLs are used round-robin.',
    ),
  STANDS_SERVICE_URL: env
    .serviceUrls()
    .describe("The stands service (a user's stands and reviews), asked when a user exports their data or deletes their account."),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .describe('Comma-separated e-mails that get the role admin at sign-in.'),
});
export type TAuthEnv = z.infer<typeof ZAuthEnv>;

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
