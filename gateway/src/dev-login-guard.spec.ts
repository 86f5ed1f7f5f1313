import { describe, expect, it } from 'vitest';
import { parseConfig } from '@flohmarkt/server-kit';
import { ZGatewayEnv } from './config.js';

// What a gateway needs besides the variables under test (both token names: the schema keeps the one it knows).
const required = {
  SESSION_SECRET: 'a'.repeat(32),
  GATEWAY_TOKEN: 'b'.repeat(32),
  INTERNAL_TOKEN: 'c'.repeat(32),
  AUTH_SERVICE_URL: 'http://auth:8101',
  EVENTS_SERVICE_URL: 'http://events:8102',
  STANDS_SERVICE_URL: 'http://stands:8103',
  MEDIA_SERVICE_URL: 'http://media:8104',
};

describe('the development sign-in in the gateway configuration', () => {
  it('refuses DEV_IDP_URL with NODE_ENV=production, naming the override', () => {
    expect(() => parseConfig(ZGatewayEnv, { ...required, NODE_ENV: 'production', DEV_IDP_URL: 'http://dev-idp:8090' })).toThrow(
      /^\s*- DEV_IDP_URL: the development sign-in lets anyone sign in as anyone .*ALLOW_DEV_LOGIN_IN_PRODUCTION_ANYONE_CAN_SIGN_IN_AS_ANYONE=true/m,
    );
  });

  it('starts in production without it (compose passes it empty)', () => {
    expect(parseConfig(ZGatewayEnv, { ...required, NODE_ENV: 'production', DEV_IDP_URL: '' }).DEV_IDP_URL).toBeUndefined();
    expect(parseConfig(ZGatewayEnv, { ...required, NODE_ENV: 'production' }).DEV_IDP_URL).toBeUndefined();
  });

  it('lets it through in production only with the override set to true', () => {
    const withOverride = { ...required, NODE_ENV: 'production', DEV_IDP_URL: 'http://dev-idp:8090' };
    expect(parseConfig(ZGatewayEnv, { ...withOverride, ALLOW_DEV_LOGIN_IN_PRODUCTION_ANYONE_CAN_SIGN_IN_AS_ANYONE: 'true' }).DEV_IDP_URL).toBe(
      'http://dev-idp:8090',
    );
    expect(() => parseConfig(ZGatewayEnv, { ...withOverride, ALLOW_DEV_LOGIN_IN_PRODUCTION_ANYONE_CAN_SIGN_IN_AS_ANYONE: 'false' })).toThrow(/DEV_IDP_URL: /);
    expect(() => parseConfig(ZGatewayEnv, { ...withOverride, ALLOW_DEV_LOGIN_IN_PRODUCTION_ANYONE_CAN_SIGN_IN_AS_ANYONE: 'yes' })).toThrow(
      /ALLOW_DEV_LOGIN_IN_PRODUCTION_ANYONE_CAN_SIGN_IN_AS_ANYONE: must be 'true' or 'false'/,
    );
  });

  it('keeps it outside production (the launcher runs NODE_ENV=development)', () => {
    expect(parseConfig(ZGatewayEnv, { ...required, NODE_ENV: 'development', DEV_IDP_URL: 'http://127.0.0.1:18090' }).DEV_IDP_URL).toBe(
      'http://127.0.0.1:18090',
    );
    expect(parseConfig(ZGatewayEnv, { ...required, DEV_IDP_URL: 'http://127.0.0.1:18090' }).NODE_ENV).toBe('development');
  });
});
