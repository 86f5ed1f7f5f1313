import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import { fail } from '@flohmarkt/server-kit';
import { AUTH_CONFIG, type TAuthEnv } from '../config.js';

/**
 * The OpenID Connect relying party. Discovery happens on first use (not at boot), so the service
 * starts even while the provider is still coming up, and a failed discovery is retried next time.
 */
@Injectable()
export class OidcClient {
  private config: Promise<oidc.Configuration> | null = null;

  constructor(@Inject(AUTH_CONFIG) private readonly env: TAuthEnv) {}

  configuration(): Promise<oidc.Configuration> {
    if (!this.config) {
      this.config = this.discover().catch((err: unknown) => {
        this.config = null;
        throw fail.unavailable(`Der Anmeldedienst ist nicht erreichbar (${(err as Error).message}).`);
      });
    }
    return this.config;
  }

  private discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.env.OIDC_ISSUER);
    const insecure = issuer.protocol === 'http:';
    // client_secret_basic: the default authentication method of OpenID Connect client registrations.
    return oidc.discovery(issuer, this.env.OIDC_CLIENT_ID, undefined, oidc.ClientSecretBasic(this.env.OIDC_CLIENT_SECRET), {
      execute: insecure ? [oidc.allowInsecureRequests] : [],
      timeout: 5,
      [oidc.customFetch]: this.env.OIDC_INTERNAL_URL ? internalFetch(issuer, new URL(this.env.OIDC_INTERNAL_URL)) : undefined,
    });
  }
}

/**
 * Sends calls meant for the public issuer URL to an internal address instead, and tells the
 * provider which public host was meant (X-Forwarded-*), so its answers still name public URLs.
 */
function internalFetch(publicIssuer: URL, internal: URL): oidc.CustomFetch {
  const prefix = publicIssuer.href.replace(/\/$/, '');
  return (url, options) => {
    if (!url.startsWith(prefix)) return fetch(url, options);
    const target = internal.href.replace(/\/$/, '') + url.slice(prefix.length);
    const headers = new Headers(options.headers);
    headers.set('x-forwarded-host', publicIssuer.host);
    headers.set('x-forwarded-proto', publicIssuer.protocol.replace(':', ''));
    return fetch(target, { ...options, headers });
  };
}
