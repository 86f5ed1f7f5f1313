import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { PrivacyPage } from './PrivacyPage';

let meta: HTMLMetaElement | null = null;

afterEach(() => {
  meta?.remove();
});

describe('PrivacyPage', () => {
  it('states the retention period the operator configured', () => {
    meta = Object.assign(document.createElement('meta'), { name: 'flohmarkt:retention-days', content: '14' });
    document.head.append(meta);
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );
    const section = screen.getByRole('heading', { name: '10. Speicherdauer' }).closest('section')!;
    expect(section.textContent).toContain('14 Tage nach seinem Ende die Angaben von Gästen');
    expect(section.textContent).toContain('samt ihren Fotos 14 Tage nach ihrer letzten Änderung');
  });
});
