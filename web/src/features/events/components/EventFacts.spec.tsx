import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { EventFacts } from './EventFacts';

describe('EventFacts', () => {
  it('tells sellers the registration deadline in Berlin time (issue 30)', () => {
    render(<EventFacts event={makeEvent({ registrationDeadline: '2026-06-12T16:00:00.000Z', allowStandRegistration: true })} standCount={3} />);
    expect(screen.getByText('Anmeldung bis Fr 12.06., 18:00 Uhr')).toBeTruthy();
  });

  it('tells no deadline when there is none or the market takes no registrations', () => {
    const { rerender } = render(<EventFacts event={makeEvent({ registrationDeadline: null })} standCount={0} />);
    expect(screen.queryByText(/^Anmeldung bis/)).toBeNull();
    rerender(<EventFacts event={makeEvent({ registrationDeadline: '2026-06-12T16:00:00.000Z', allowStandRegistration: false })} standCount={0} />);
    expect(screen.queryByText(/^Anmeldung bis/)).toBeNull();
  });
});
