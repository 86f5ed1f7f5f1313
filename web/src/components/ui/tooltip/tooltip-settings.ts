import { LIMITS } from '@flohmarkt/contracts';
import { createContext } from 'react';

export interface TooltipSettings {
  delayMs: number;
  skipDelayMs: number;
  /** Distance in px between a trigger and its tooltip. */
  offset: number;
  /** When the last tooltip closed: within skipDelayMs the next one opens without delay. */
  lastClosedAt: { current: number };
}

export const defaultTooltipSettings: TooltipSettings = {
  delayMs: LIMITS.tooltipDelayMs,
  skipDelayMs: LIMITS.tooltipSkipDelayMs,
  offset: LIMITS.tooltipOffset,
  lastClosedAt: { current: Number.NEGATIVE_INFINITY },
};

export const TooltipContext = createContext<TooltipSettings>(defaultTooltipSettings);
