import { LIMITS, SCREENS, TOASTS } from '@flohmarkt/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { Toaster } from '@/components/ui/toast/Toaster';
import { ApiError } from '@/lib/api-client';
import { mockAuthUser, participant, renderApp } from '@/testing/render-app';
import { loginUrl } from '@/lib/event-links';
import { cancelSessionRedirect, handleSessionExpired, reportError } from './session-expired';

afterEach(() => {
  cancelSessionRedirect();
  act(() => resetToasts());
  vi.useRealTimers();
});

describe('session expiry (docs/product.md#in-the-browser)', () => {
  it('shows the toast and goes to the sign-in after 500 ms, returning to the current page', () => {
    vi.useFakeTimers();
    window.history.pushState({}, '', '/stands/abc/edit?tab=1');
    const navigate = vi.fn();
    render(<Toaster />);
    act(() => handleSessionExpired(navigate));
    expect(screen.getByRole('alert').textContent).toContain(TOASTS.sessionExpired);
    act(() => vi.advanceTimersByTime(LIMITS.redirectAfterAuthFailureMs - 1));
    expect(navigate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(navigate).toHaveBeenCalledWith(`/api/login?returnTo=${encodeURIComponent('/stands/abc/edit?tab=1')}`);
    expect(loginUrl('/profile')).toBe('/api/login?returnTo=%2Fprofile');
  });

  it('a 401 of a call takes the session path, any other failure the error toast', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => reportError(new ApiError('Nein', 403, null), TOASTS.userDeleteFailed));
    expect(screen.getByRole('alert').textContent).toContain(TOASTS.userDeleteFailed);
    act(() => reportError(new ApiError('Bitte melde dich an', 401, null), TOASTS.userDeleteFailed));
    expect(screen.getByRole('alert').textContent).toContain(TOASTS.sessionExpired);
  });
});

describe('guarded routes', () => {
  it('/admin: a non-admin reads the refusal and is sent to / after 1 s', async () => {
    mockAuthUser(participant, { '/api/events': [] });
    renderApp('/admin');
    expect(await screen.findByText(SCREENS.adminOnly, {}, { timeout: 10_000 })).toBeTruthy();
    const shownAt = Date.now();
    await screen.findByRole('heading', { level: 1, name: 'Flohmärkte in deiner Nähe entdecken' }, { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(LIMITS.redirectNonAdminMs - 100);
  });

  it('/create-event signed out: the session toast instead of the form', async () => {
    mockAuthUser(null);
    renderApp('/create-event');
    // The page is a lazily loaded chunk: under a loaded machine it takes more than findBy's default second.
    expect(await screen.findByRole('heading', { level: 1, name: SCREENS.sessionExpired }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(TOASTS.sessionExpired);
    expect(screen.queryByRole('button', { name: 'Event erstellen' })).toBeNull();
  });
});
