import { describe, expect, it } from 'vitest';
import { standCountText } from './StandsSection';

describe('standCountText', () => {
  it("says 'Zeige alle N Stände' without a filter and 'Zeige X von Y Ständen' with one", () => {
    expect(standCountText(4, 4, false)).toBe('Zeige alle 4 Stände');
    expect(standCountText(2, 4, true)).toBe('Zeige 2 von 4 Ständen');
    expect(standCountText(4, 4, true)).toBe('Zeige 4 von 4 Ständen');
  });

  it("says 'Zeige 1 Stand' for a single stand, never 'Zeige alle 1 Stände'", () => {
    expect(standCountText(1, 1, false)).toBe('Zeige 1 Stand');
    expect(standCountText(0, 1, true)).toBe('Zeige 0 von 1 Stand');
  });
});
