import { Body, Controller, HttpCode, Inject, Logger, Post } from '@nestjs/common';
import * as oidc from 'openid-client';
import { ZSignInComplete, type TSignInCompleted, type TSignInEnded, type TSignInStarted } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';
import { AUTH_CONFIG, type TAuthEnv } from '../config.js';
import { UsersService, providerSaysEmailUnverified, type ProviderIdentity } from '../users/users.service.js';
import { toAuthUser } from '../users/user-view.js';
import { OidcClient } from './oidc-client.js';

/**
 * The relying-party half of sign-in. The gateway owns the browser session; it keeps state and the
 * PKCE verifier there between `start` and `complete`, so this service stays stateless.
 */
@Controller('internal/sign-in')
export class SignInController {
  private readonly logger = new Logger(SignInController.name);

  constructor(
    private readonly client: OidcClient,
    private readonly users: UsersService,
    @Inject(AUTH_CONFIG) private readonly env: TAuthEnv,
  ) {}

  @Post('start')
  @HttpCode(200)
  async start(): Promise<TSignInStarted> {
    const config = await this.client.configuration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const authorizationUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.env.OIDC_REDIRECT_URI,
      scope: this.env.OIDC_SCOPES,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
    });
    return { authorizationUrl: authorizationUrl.href, state, codeVerifier };
  }

  @Post('complete')
  @HttpCode(200)
  async complete(@Body() body: unknown): Promise<TSignInCompleted> {
    const input = ZSignInComplete.safeParse(body);
    if (!input.success) throw fail.invalid('Die Anmeldung ist unvollständig. Bitte versuche es erneut.');
    const config = await this.client.configuration();
    let tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
    try {
      tokens = await oidc.authorizationCodeGrant(config, new URL(input.data.callbackUrl), {
        pkceCodeVerifier: input.data.codeVerifier,
        expectedState: input.data.state,
      });
    } catch (err) {
      this.logger.warn(`code exchange failed: ${(err as Error).message} ${JSON.stringify((err as { cause?: unknown }).cause ?? null)}`, 'SignIn');
      throw fail.invalid('Die Anmeldung ist fehlgeschlagen. Bitte versuche es erneut.');
    }
    const identity = await this.identityOf(config, tokens);
    const user = await this.users.signIn(identity);
    return { user: toAuthUser(user), idToken: tokens.id_token ?? null };
  }

  /**
   * `iss` + `sub` from the (verified) ID token; e-mail, its verification and the names from it too,
   * or from userinfo when the provider keeps them there (many only put `sub` into the ID token).
   */
  private async identityOf(config: oidc.Configuration, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): Promise<ProviderIdentity> {
    const idToken = tokens.claims();
    if (!idToken) throw fail.invalid('Der Anmeldedienst hat keinen ID-Token geliefert.');
    let claims: Record<string, unknown> = idToken;
    if (typeof idToken.email !== 'string') {
      try {
        // fetchUserInfo refuses an answer whose `sub` is not the ID token's.
        claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), iss: idToken.iss, sub: idToken.sub };
      } catch (err) {
        this.logger.warn(`userinfo failed: ${(err as Error).message}`, 'SignIn');
        throw fail.invalid('Der Anmeldedienst hat keine E-Mail-Adresse geliefert.');
      }
    }
    const email = stringClaim(claims, 'email');
    if (!email) throw fail.invalid('Der Anmeldedienst hat keine E-Mail-Adresse geliefert.');
    return {
      issuer: idToken.iss,
      subject: idToken.sub,
      email,
      emailVerified: claims.email_verified === true,
      emailUnverified: providerSaysEmailUnverified(claims),
      firstName: stringClaim(claims, 'given_name'),
      lastName: stringClaim(claims, 'family_name'),
      picture: stringClaim(claims, 'picture'),
    };
  }

  /**
   * Where to send the browser so the provider's session ends too. The URL names our client
   * (`client_id`, added by buildEndSessionUrl) and where to come back, never the ID token
   * (`id_token_hint`): the URL passes through the browser's history, proxies and the provider's
   * access log. The provider finds the session to end by its own cookie.
   */
  @Post('end')
  @HttpCode(200)
  async end(): Promise<TSignInEnded> {
    let config: oidc.Configuration;
    try {
      config = await this.client.configuration();
    } catch {
      return { url: this.env.OIDC_POST_LOGOUT_REDIRECT_URI };
    }
    if (!config.serverMetadata().end_session_endpoint) return { url: this.env.OIDC_POST_LOGOUT_REDIRECT_URI };
    return { url: oidc.buildEndSessionUrl(config, { post_logout_redirect_uri: this.env.OIDC_POST_LOGOUT_REDIRECT_URI }).href };
  }
}

function stringClaim(claims: Record<string, unknown>, name: string): string | null {
  const value = claims[name];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}
