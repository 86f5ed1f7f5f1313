import { describe, expect, it } from 'vitest';
import { matchRoute, ROUTES } from './routes.js';

describe('route table', () => {
  it('sends each public call to its owning service', () => {
    expect(matchRoute('GET', '/events')?.service).toBe('events');
    expect(matchRoute('GET', '/events/123/stands')?.service).toBe('stands');
    // The viewport before '/events/:id': the same route whatever its query, never taken for an event id.
    expect(matchRoute('GET', '/events/viewport')).toMatchObject({ path: '/events/viewport', service: 'events' });
    expect(matchRoute('POST', '/events/123/guest-stands')?.service).toBe('stands');
    expect(matchRoute('GET', '/guest-stands/AbCdEfGhIjKlMnOpQrSt-_')?.service).toBe('stands');
    expect(matchRoute('DELETE', '/guest-stands/AbCdEfGhIjKlMnOpQrSt-_')?.service).toBe('stands');
    expect(matchRoute('POST', '/stands/1/photos')?.service).toBe('media');
    expect(matchRoute('GET', '/media/stands/1/2.jpg')?.service).toBe('media');
    expect(matchRoute('PATCH', '/admin/users/1/role')?.service).toBe('auth');
    expect(matchRoute('GET', '/stands/user/9')?.service).toBe('stands');
    expect(matchRoute('PATCH', '/events/123/cancel')).toMatchObject({ service: 'events', signIn: true });
  });

  it('knows no other path or method', () => {
    expect(matchRoute('GET', '/nothing')).toBeNull();
    expect(matchRoute('POST', '/events/1')).toBeNull();
    expect(matchRoute('GET', '/events/1/stands/extra')).toBeNull();
    expect(matchRoute('GET', '/internal/users/1')).toBeNull();
  });

  it('sends the printed kit and the exports to stands; only the CSV needs sign-in', () => {
    for (const file of ['poster.pdf', 'stand-list.pdf', 'stand-map.pdf', 'stands.geojson']) {
      expect(matchRoute('GET', `/events/123/${file}`)).toMatchObject({ service: 'stands' });
      expect(matchRoute('GET', `/events/123/${file}`)?.signIn).toBeFalsy();
    }
    expect(matchRoute('GET', '/events/123/stands.csv')).toMatchObject({ service: 'stands', signIn: true });
    // The dot is a dot, not any character.
    expect(matchRoute('GET', '/events/123/posterXpdf')).toBeNull();
  });

  it("sends the session's own account to auth, signed in, with no id in the path; only its deletion ends the session", () => {
    expect(matchRoute('GET', '/me/export')).toMatchObject({ service: 'auth', signIn: true });
    expect(matchRoute('DELETE', '/me')).toMatchObject({ service: 'auth', signIn: true, endsSession: true });
    expect(matchRoute('GET', '/me/export/00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(matchRoute('DELETE', '/me/00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(ROUTES.filter((r) => r.endsSession).map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /me']);
  });

  it('answers HEAD like GET', () => {
    expect(matchRoute('HEAD', '/events')?.service).toBe('events');
  });

  it("marks every write as needing sign-in except the guest registration, the guest's own writes by manage token, a hold's decision, a reconfirmation's answer and a mail's opt-out link", () => {
    const anonymousWrites = ROUTES.filter((r) => r.method !== 'GET' && !r.signIn).map((r) => `${r.method} ${r.path}`);
    expect(anonymousWrites.sort()).toEqual(
      [
        'DELETE /guest-stands/:token',
        'POST /events/:id/guest-stands',
        'POST /mail/unsubscribe/:token',
        'DELETE /mail/unsubscribe/:token',
        // A hold's decision (issue 35): the seller may be a guest (X-Manage-Token) or hold the mail link's token; the stands service decides.
        'PATCH /holds/:id',
        // The seller's "Bist du dabei?" answer (issue 36): the mail link's token is the credential.
        'POST /confirmations/:token',
      ].sort(),
    );
    // A guest's items, their photos and the holds of their stand: a session or the manage token, 401 without either.
    expect(ROUTES.filter((r) => r.signIn === 'or-manage-token').map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /stands/:id/items',
      'PUT /items/:id',
      'DELETE /items/:id',
      'GET /stands/:id/holds',
      'POST /stands/:id/photos',
      'DELETE /stands/:id/photos',
      'POST /items/:id/photo',
      'DELETE /items/:id/photo',
    ]);
  });
});
