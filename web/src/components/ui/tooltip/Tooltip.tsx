import { cloneElement, useContext, useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { TooltipContext } from './tooltip-settings';

type Side = 'top' | 'bottom';

interface TooltipProps {
  content: ReactNode;
  side?: Side;
  /** Keeps the tooltip closed, e.g. while the menu of its trigger is open. */
  disabled?: boolean;
  /** One focusable element; it gets aria-describedby while the tooltip shows. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
}

const VIEWPORT_MARGIN = 8;

/**
 * Shows `content` beside its trigger after the hover delay (700 ms; none within the 300 ms skip delay
 * after another tooltip closed), on keyboard focus as well; Escape, leaving or pressing closes it.
 */
export function Tooltip({ content, side = 'bottom', disabled = false, children }: TooltipProps) {
  const settings = useContext(TooltipContext);
  const id = useId();
  const triggerRef = useRef<HTMLSpanElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pointerDown = useRef(false);
  const [open, setOpen] = useState(false);
  const [style, setStyle] = useState<CSSProperties>({ visibility: 'hidden' });
  const visible = open && !disabled;

  const show = () => {
    clearTimeout(timer.current);
    const skipDelay = Date.now() - settings.lastClosedAt.current < settings.skipDelayMs;
    if (skipDelay) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), settings.delayMs);
  };

  const hide = () => {
    clearTimeout(timer.current);
    if (open) settings.lastClosedAt.current = Date.now();
    setOpen(false);
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!visible) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', hide, { passive: true });
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', hide);
    };
  });

  useLayoutEffect(() => {
    const trigger = triggerRef.current?.getBoundingClientRect();
    const tip = tipRef.current?.getBoundingClientRect();
    if (!visible || !trigger || !tip) return;
    const top = side === 'top' ? trigger.top - tip.height - settings.offset : trigger.bottom + settings.offset;
    const centred = trigger.left + trigger.width / 2 - tip.width / 2;
    const maxLeft = window.innerWidth - tip.width - VIEWPORT_MARGIN;
    setStyle({ top, left: Math.max(VIEWPORT_MARGIN, Math.min(centred, maxLeft)), visibility: 'visible' });
  }, [visible, side, settings.offset]);

  return (
    <>
      <span
        ref={triggerRef}
        className="tooltip-trigger"
        onPointerEnter={(event) => event.pointerType === 'mouse' && show()}
        onPointerLeave={hide}
        onPointerDown={() => {
          pointerDown.current = true;
          hide();
        }}
        onPointerUp={() => {
          pointerDown.current = false;
        }}
        onFocus={() => !pointerDown.current && show()}
        onBlur={hide}
      >
        {cloneElement(children, { 'aria-describedby': visible ? id : undefined })}
      </span>
      {visible
        ? createPortal(
            <div ref={tipRef} id={id} role="tooltip" className="tooltip" data-side={side} style={style}>
              {content}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
