import { useEffect, type RefObject } from 'react';

/**
 * Closes a popup on Escape (focus goes back to the trigger), on a pointer press outside `container`
 * and when keyboard focus leaves it.
 */
export function useDismiss(open: boolean, container: RefObject<HTMLElement | null>, trigger: RefObject<HTMLElement | null>, close: () => void): void {
  useEffect(() => {
    if (!open) return undefined;

    const isInside = (target: EventTarget | null) => target instanceof Node && container.current !== null && container.current.contains(target);

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      trigger.current?.focus();
    };
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!isInside(event.target)) close();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!isInside(event.target)) close();
    };

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open, container, trigger, close]);
}
