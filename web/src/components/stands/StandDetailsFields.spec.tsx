import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { describedText } from '@/testing/render-with-providers';
import { StandDetailsFields } from './StandDetailsFields';

const values = { standNumber: 'A 7', description: 'Bücher und Platten', acceptsPayPal: false };

describe('StandDetailsFields', () => {
  it('speaks to the seller about their own stand and reports each change by field', () => {
    const onChange = vi.fn();
    render(<StandDetailsFields values={values} onChange={onChange} errors={{}} />);

    expect((screen.getByLabelText('Standnummer oder -name') as HTMLInputElement).value).toBe('A 7');
    expect(describedText(screen.getByLabelText(/^Beschreibung/))).toContain('Mindestens 10 Zeichen: Was gibt es an deinem Stand?');
    fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'Bücher, Platten, Spiele' } });
    fireEvent.click(screen.getByLabelText('Ich akzeptiere PayPal'));

    expect(onChange).toHaveBeenCalledWith('description', 'Bücher, Platten, Spiele');
    expect(onChange).toHaveBeenCalledWith('acceptsPayPal', true);
  });

  it('speaks of someone else’s stand on the walk-up entry, with ids of its own, and shows the messages at the fields', () => {
    render(
      <StandDetailsFields
        values={values}
        onChange={vi.fn()}
        errors={{ standNumber: 'Diese Standnummer ist schon vergeben.' }}
        idPrefix="walkUp"
        voice="theirs"
      />,
    );

    expect(screen.getByLabelText('PayPal wird akzeptiert').id).toBe('walkUpAcceptsPayPal');
    expect(describedText(screen.getByLabelText(/^Beschreibung/))).toContain('Mindestens 10 Zeichen: Was gibt es an dem Stand?');
    expect(screen.getByLabelText('Standnummer oder -name').id).toBe('walkUpStandNumber');
    expect(describedText(screen.getByLabelText('Standnummer oder -name'))).toContain('Diese Standnummer ist schon vergeben.');
  });
});
