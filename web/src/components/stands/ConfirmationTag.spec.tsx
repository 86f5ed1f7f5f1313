import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmationTag } from './ConfirmationTag';
import { StandStatusBadge } from './StandStatusBadge';

describe('StandStatusBadge and ConfirmationTag (issue 36)', () => {
  it('names a released stand in words', () => {
    render(<StandStatusBadge status="released" />);
    expect(screen.getByText('Platz abgegeben').className).toContain('status-badge--released');
  });

  it.each([
    ['confirmed', 'Bestätigt'],
    ['asked', 'Offen'],
  ] as const)('tags an approved stand the seller was asked about: %s', (confirmation, label) => {
    render(<ConfirmationTag stand={{ status: 'approved', confirmation }} />);
    expect(screen.getByText(label).className).toContain(`confirmation-tag--${confirmation}`);
  });

  it('says nothing while the seller was not asked, for a read without it, or beside a released badge', () => {
    const { container } = render(
      <>
        <ConfirmationTag stand={{ status: 'approved', confirmation: 'not-asked' }} />
        <ConfirmationTag stand={{ status: 'approved' }} />
        <ConfirmationTag stand={{ status: 'released', confirmation: 'released' }} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});
