import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextField } from './Field';

function Title() {
  const [value, setValue] = useState('');
  return <TextField id="title" label="Titel" maxLength={20} value={value} onValueChange={setValue} />;
}

/** A paste as the browser does it: the paste event, then the value cut to the field's maxLength. */
function paste(field: HTMLInputElement, text: string) {
  fireEvent.paste(field, { clipboardData: { getData: () => text } });
  fireEvent.change(field, { target: { value: (field.value + text).slice(0, field.maxLength) } });
}

describe('TextField with a maxLength', () => {
  it('says so when a paste did not fit, and stops saying it once there is room again', () => {
    render(<Title />);
    const field = screen.getByLabelText('Titel') as HTMLInputElement;
    paste(field, 'Kinderfahrrad 20 Zoll, kaum benutzt');
    expect(field.value).toBe('Kinderfahrrad 20 Zol');
    expect(screen.getByRole('status').textContent).toBe('Nicht alles eingefügt: Hier passen höchstens 20 Zeichen.');

    fireEvent.change(field, { target: { value: 'Kinderfahrrad' } });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing when what was typed or pasted fits, up to the limit', () => {
    render(<Title />);
    const field = screen.getByLabelText('Titel') as HTMLInputElement;
    paste(field, 'Kinderfahrrad');
    fireEvent.change(field, { target: { value: 'Kinderfahrrad 20 Zol' } });
    expect(field.value).toHaveLength(20);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
