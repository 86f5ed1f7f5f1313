import { LIMITS } from '@flohmarkt/contracts';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../Dialog';
import { resetToasts } from './toast-store';
import { Toaster } from './Toaster';
import { toast, toastError, useToast } from './use-toast';

afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('come inside an open modal dialog, where they stay visible and clickable, and back to the page when it closes', () => {
    const page = (open: boolean) => (
      <>
        <Dialog open={open} onClose={() => undefined} title="QR-Code">
          <p>Inhalt</p>
        </Dialog>
        <Toaster />
      </>
    );
    const { rerender } = render(page(true));
    act(() => {
      toast({ title: 'QR-Code heruntergeladen' });
    });
    const dialog = document.querySelector('dialog');
    expect(dialog?.contains(screen.getByText('QR-Code heruntergeladen'))).toBe(true);

    rerender(page(false));
    expect(screen.getByText('QR-Code heruntergeladen').closest('dialog')).toBeNull();
  });

  it('shows at most one toast: a new one replaces the older', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Event erstellt' });
    });
    expect(screen.getByText('Event erstellt')).toBeTruthy();

    act(() => {
      toast({ title: 'Link kopiert', description: 'Der Link liegt in der Zwischenablage.' });
    });
    expect(screen.queryByText('Event erstellt')).toBeNull();
    expect(screen.getByText('Link kopiert')).toBeTruthy();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('shows a destructive toast titled Fehler as an alert', () => {
    render(<Toaster />);
    act(() => {
      toastError('Das Foto konnte nicht gelöscht werden.');
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Fehler');
    expect(alert.textContent).toContain('Das Foto konnte nicht gelöscht werden.');
  });

  it('hides a dismissed toast at once and removes it after 1,000,000 ms', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'Profil aktualisiert', duration: Infinity });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Benachrichtigung schließen' }));
    expect(screen.queryByText('Profil aktualisiert')).toBeNull();
    expect(result.current.toasts).toHaveLength(1);

    act(() => vi.advanceTimersByTime(LIMITS.toastRemoveDelayMs - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toasts).toHaveLength(0);
  });

  it('dismisses itself after its duration', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Stand gelöscht', duration: 3000 });
    });
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Stand gelöscht')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Stand gelöscht')).toBeNull();
  });
});
