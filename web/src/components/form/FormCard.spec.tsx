import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormActions, FormCard } from './FormCard';

function Form({ busy, onSubmit }: { busy: boolean; onSubmit: () => void }) {
  return (
    <FormCard formRef={{ current: null }} onSubmit={onSubmit}>
      <input aria-label="Name" />
      <FormActions label="Speichern" busy={busy} busyLabel="Wird gespeichert …" />
    </FormCard>
  );
}

describe('FormActions', () => {
  it('keeps the focus on the busy submit button, says it is busy, and sends nothing twice', () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<Form busy={false} onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Speichern' });
    button.focus();
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    rerender(<Form busy onSubmit={onSubmit} />);
    // Browsers move the focus off a disabled button (jsdom does not): the busy one stays enabled, aria-disabled.
    expect(button.textContent).toBe('Wird gespeichert …');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    rerender(<Form busy={false} onSubmit={onSubmit} />);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
  });
});
