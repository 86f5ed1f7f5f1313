import { describe, expect, it } from 'vitest';
import { loggablePath } from './loggable-path.js';

describe('the access log’s path', () => {
  it('hides the token of a manage or opt-out link, as an API call and as a page', () => {
    expect(loggablePath('/api/guest-stands/AbCdEfGhIjKlMnOpQrSt-_')).toBe('/api/guest-stands/:token');
    expect(loggablePath('/api/mail/unsubscribe/eyJ2IjoxfQ.c2lnbmF0dXJl')).toBe('/api/mail/unsubscribe/:token');
    expect(loggablePath('/anmeldung/AbCdEfGhIjKlMnOpQrSt-_')).toBe('/anmeldung/:token');
    expect(loggablePath('/ABMELDEN/xyz/weiter')).toBe('/ABMELDEN/:token/weiter');
    expect(loggablePath('/api/mail/confirm/AbCdEfGhIjKlMnOpQrSt-_')).toBe('/api/mail/confirm/:token');
    expect(loggablePath('/e-mail-bestaetigen/AbCdEfGhIjKlMnOpQrSt-_')).toBe('/e-mail-bestaetigen/:token');
  });

  it('hides the market day\'s credentials: the "Bist du dabei?" link and a team invite\'s code (issue 36)', () => {
    expect(loggablePath('/api/confirmations/AbCdEfGhIjKlMnOpQrSt-_')).toBe('/api/confirmations/:token');
    expect(loggablePath('/dabei/AbCdEfGhIjKlMnOpQrSt-_')).toBe('/dabei/:token');
    expect(loggablePath('/api/team-invites/K7M2QX/accept')).toBe('/api/team-invites/:token/accept');
    expect(loggablePath('/team/K7M2QX')).toBe('/team/:token');
  });

  it('keeps every other path as it was', () => {
    expect(loggablePath('/api/stands/4f6c1e2a-0b7d-4c3e-9a8f-1d2e3f4a5b6c')).toBe('/api/stands/4f6c1e2a-0b7d-4c3e-9a8f-1d2e3f4a5b6c');
    expect(loggablePath('/api/events/1/guest-stands')).toBe('/api/events/1/guest-stands');
    expect(loggablePath('/')).toBe('/');
  });
});
