import { describe, expect, it } from 'vitest';

import { formatDuration, formatShare } from './format-figures.ts';

describe('host analytics figures', () => {
  it('reads shares as whole percentages, a dash when nothing was asked', () => {
    expect(formatShare(null)).toBe('–');
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(2 / 3)).toBe('67%');
    expect(formatShare(1)).toBe('100%');
  });

  it('reads durations in their two largest units', () => {
    expect(formatDuration(null)).toBe('–');
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(44.6)).toBe('45 s');
    expect(formatDuration(120)).toBe('2 min');
    expect(formatDuration(125)).toBe('2 min 5 s');
    expect(formatDuration(3 * 3600 + 12 * 60 + 9)).toBe('3 h 12 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(2 * 86_400 + 4 * 3600)).toBe('2 d 4 h');
  });
});
