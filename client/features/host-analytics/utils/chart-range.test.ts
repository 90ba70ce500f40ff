import { describe, expect, it } from 'vitest';

import { timeRange } from './chart-range.ts';

describe('the time axis of the viewers chart', () => {
  it('spans at least ten minutes, centred on the samples', () => {
    expect(timeRange(1000, 1000)).toEqual([700, 1300]);
    expect(timeRange(1000, 1120)).toEqual([760, 1360]);
  });

  it('keeps a longer span as it is', () => {
    expect(timeRange(0, 3600)).toEqual([0, 3600]);
  });
});
