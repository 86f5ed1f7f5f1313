import { useMemo, type ReactNode } from 'react';
import { TooltipContext, defaultTooltipSettings } from './tooltip-settings';

interface TooltipProviderProps {
  children: ReactNode;
  delayMs?: number;
  skipDelayMs?: number;
}

/** Shares delay settings and the skip-delay clock between the tooltips below it. */
export function TooltipProvider({
  children,
  delayMs = defaultTooltipSettings.delayMs,
  skipDelayMs = defaultTooltipSettings.skipDelayMs,
}: TooltipProviderProps) {
  const value = useMemo(
    () => ({ delayMs, skipDelayMs, offset: defaultTooltipSettings.offset, lastClosedAt: { current: Number.NEGATIVE_INFINITY } }),
    [delayMs, skipDelayMs],
  );
  return <TooltipContext.Provider value={value}>{children}</TooltipContext.Provider>;
}
