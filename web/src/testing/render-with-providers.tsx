import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/app/AppProviders';
import { Toaster } from '@/components/ui/toast/Toaster';
import { createQueryClient } from '@/lib/query-client';

/** One component with the app's providers, a router and the toast viewport (unit tests). */
export function renderWithProviders(ui: ReactNode, path = '/') {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <Toaster />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** The text of the message a field's aria-describedby points at. */
export function describedText(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
