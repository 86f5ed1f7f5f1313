import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from './Tooltip';
import { TooltipProvider } from './TooltipProvider';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function renderTwo() {
  render(
    <TooltipProvider>
      <Tooltip content="Teilen">
        <button type="button">A</button>
      </Tooltip>
      <Tooltip content="QR-Code">
        <button type="button">B</button>
      </Tooltip>
    </TooltipProvider>,
  );
}

describe('Tooltip', () => {
  it('opens after 700 ms of hover and describes its trigger', () => {
    renderTwo();
    const trigger = screen.getByRole('button', { name: 'A' });
    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(699));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toBe('Teilen');
    expect(trigger.getAttribute('aria-describedby')).toBe(tooltip.id);
  });

  it('closes on Escape', () => {
    renderTwo();
    fireEvent.focus(screen.getByRole('button', { name: 'A' }));
    act(() => vi.advanceTimersByTime(700));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens the next tooltip at once within the 300 ms skip delay, with the delay after it', () => {
    renderTwo();
    const a = screen.getByRole('button', { name: 'A' });
    const b = screen.getByRole('button', { name: 'B' });
    fireEvent.pointerEnter(a, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(700));
    fireEvent.pointerLeave(a, { pointerType: 'mouse' });

    act(() => vi.advanceTimersByTime(299));
    fireEvent.pointerEnter(b, { pointerType: 'mouse' });
    expect(screen.getByRole('tooltip').textContent).toBe('QR-Code');
    fireEvent.pointerLeave(b, { pointerType: 'mouse' });

    act(() => vi.advanceTimersByTime(300));
    fireEvent.pointerEnter(a, { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
