import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadablePage } from './lazy-page';

function Page() {
  return <h1>Die Seite</h1>;
}

function renderInSuspense(element: ReactElement) {
  return render(<Suspense fallback={<p>Seite wird geladen</p>}>{element}</Suspense>);
}

describe('preloadablePage', () => {
  it('renders the page in the first render once preloaded: no spinner in between', async () => {
    const load = vi.fn(async () => Page);
    const page = preloadablePage(load);
    await page.preload();
    renderInSuspense(page.element);
    expect(screen.getByRole('heading', { name: 'Die Seite' })).not.toBeNull();
    expect(screen.queryByText('Seite wird geladen')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('without a preload it loads on the first render, showing the fallback until then, and loads once', async () => {
    let resolve: (component: typeof Page) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof Page>((r) => (resolve = r)));
    const page = preloadablePage(load);
    renderInSuspense(page.element);
    expect(screen.getByText('Seite wird geladen')).not.toBeNull();
    await act(async () => resolve(Page));
    expect(await screen.findByRole('heading', { name: 'Die Seite' })).not.toBeNull();
    await page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
