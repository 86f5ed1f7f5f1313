import { Body, Controller, HttpCode, Inject, Logger, Post } from '@nestjs/common';
import * as oidc from 'openid-client';
import {
  ZSignInComplete,
  ZSignInEnd,
  type TSignInCompleted,
  type TSignInEnded,
  type TSignInStarted,
} from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';
import { AUTH_CONFIG, type TAuthEnv } from '../config.js';
import { UsersService } from '../users/users.service.js';
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
    const claims = tokens.claims();
    const email = typeof claims?.email === 'string' ? claims.email : null;
    if (!email) throw fail.invalid('Der Anmeldedienst hat keine E-Mail-Adresse geliefert.');
    const user = await this.users.upsertFromClaims({
      email,
      firstName: stringClaim(claims, 'given_name'),
      lastName: stringClaim(claims, 'family_name'),
      picture: stringClaim(claims, 'picture'),
    });
    return { user: toAuthUser(user), idToken: tokens.id_token ?? null };
  }

  /** Where to send the browser so the provider's session ends too. */
  @Post('end')
  @HttpCode(200)
  async end(@Body() body: unknown): Promise<TSignInEnded> {
    const input = ZSignInEnd.safeParse(body ?? {});
    const idToken = input.success ? input.data.idToken : null;
    let config: oidc.Configuration;
    try {
      config = await this.client.configuration();
    } catch {
      return { url: this.env.OIDC_POST_LOGOUT_REDIRECT_URI };
    }
    if (!config.serverMetadata().end_session_endpoint) return { url: this.env.OIDC_POST_LOGOUT_REDIRECT_URI };
    const params: Record<string, string> = { post_logout_redirect_uri: this.env.OIDC_POST_LOGOUT_REDIRECT_URI };
    if (idToken) params.id_token_hint = idToken;
    return { url: oidc.buildEndSessionUrl(config, params).href };
  }
}

function stringClaim(claims: oidc.IDToken | undefined, name: string): string | null {
  const value = claims?.[name];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}
