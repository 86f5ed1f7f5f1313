import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@flohmarkt/server-kit';
import { ZMailerEnv, addressOf } from './config.js';

describe('mailer configuration', () => {
  it('requires SMTP_URL and MAIL_FROM, naming each', () => {
    try {
      parseConfig(ZMailerEnv, {});
      expect.unreachable('config without SMTP passed');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^SMTP_URL: is required/m);
      expect(problems).toMatch(/^MAIL_FROM: is required/m);
    }
  });

  it('refuses an SMTP_URL that is no smtp(s) URL and a MAIL_FROM without an address', () => {
    expect(() => parseConfig(ZMailerEnv, { SMTP_URL: 'http://mail.example.org', MAIL_FROM: 'Flohmarkt' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/[\s\S]*MAIL_FROM: must be an address/,
    );
  });

  it('takes both forms of MAIL_FROM and the defaults of the rest', () => {
    const config = parseConfig(ZMailerEnv, { SMTP_URL: 'smtps://u:p@mail.example.org:465', MAIL_FROM: 'Flohmarkt <noreply@flohmarkt.example.org>' });
    expect(config.MAIL_RETRY_MAX_MS).toBe(300_000);
    expect([config.MAIL_PER_ADDRESS_PER_DAY, config.MAIL_THIRD_PARTY_PER_ADDRESS_PER_DAY, config.MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY]).toEqual([20, 10, 1]);
    expect(addressOf(config.MAIL_FROM)).toBe('noreply@flohmarkt.example.org');
    expect(addressOf('noreply@flohmarkt.example.org')).toBe('noreply@flohmarkt.example.org');
  });
});
