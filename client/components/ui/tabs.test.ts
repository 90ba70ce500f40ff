import { describe, expect, it } from 'vitest';

import { TAB_SCROLL_STEP_PX } from '#shared/constants/ui.ts';

import { nextScrollLeft } from './tabs.tsx';

describe('nextScrollLeft', () => {
  it('moves by the spec step of 200 px', () => {
    expect(TAB_SCROLL_STEP_PX).toBe(200);
    expect(nextScrollLeft(0, 1, 1000)).toBe(200);
    expect(nextScrollLeft(500, -1, 1000)).toBe(300);
  });

  it('stays inside the scroll range', () => {
    expect(nextScrollLeft(900, 1, 1000)).toBe(1000);
    expect(nextScrollLeft(100, -1, 1000)).toBe(0);
    expect(nextScrollLeft(0, 1, -5)).toBe(0);
  });
});
