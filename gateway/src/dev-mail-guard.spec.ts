import { describe, expect, it } from 'vitest';
import { parseConfig } from '@flohmarkt/server-kit';
import { ZGatewayEnv } from './config.js';

const required = {
  SESSION_SECRET: 'a'.repeat(32),
  GATEWAY_TOKEN: 'b'.repeat(32),
  AUTH_SERVICE_URL: 'http://auth:8101',
  EVENTS_SERVICE_URL: 'http://events:8102',
  STANDS_SERVICE_URL: 'http://stands:8103',
  MEDIA_SERVICE_URL: 'http://media:8104',
};

describe('the development mail listing in the gateway configuration', () => {
  it('refuses DEV_MAIL_URL with NODE_ENV=production, even with the dev-login override', () => {
    const production = { ...required, NODE_ENV: 'production', DEV_MAIL_URL: 'http://127.0.0.1:18025' };
    expect(() => parseConfig(ZGatewayEnv, production)).toThrow(/^\s*- DEV_MAIL_URL: the development mail listing shows every mail to anyone/m);
    expect(() => parseConfig(ZGatewayEnv, { ...production, ALLOW_DEV_LOGIN_IN_PRODUCTION_ANYONE_CAN_SIGN_IN_AS_ANYONE: 'true' })).toThrow(/DEV_MAIL_URL: /);
  });

  it('starts in production without it (compose passes nothing, or it empty)', () => {
    expect(parseConfig(ZGatewayEnv, { ...required, NODE_ENV: 'production', DEV_MAIL_URL: '' }).DEV_MAIL_URL).toBeUndefined();
  });

  it('keeps it outside production (the launcher runs NODE_ENV=development)', () => {
    expect(parseConfig(ZGatewayEnv, { ...required, NODE_ENV: 'development', DEV_MAIL_URL: 'http://127.0.0.1:18025' }).DEV_MAIL_URL).toBe(
      'http://127.0.0.1:18025',
    );
  });
});
