import { describe, expect, it } from 'vitest';
import { isDigestHour } from './weekly-digest.ts';

describe('isDigestHour', () => {
  it('reads the weekday and hour in the person’s own time zone', () => {
    const mondayEight = { weekday: 1, hour: 8, timeZone: 'UTC' };
    expect(isDigestHour(mondayEight, new Date('2026-11-30T08:00:00Z'))).toBe(true);
    expect(isDigestHour(mondayEight, new Date('2026-11-30T08:59:59Z'))).toBe(true);
    expect(isDigestHour(mondayEight, new Date('2026-11-30T09:00:00Z'))).toBe(false);
    expect(isDigestHour(mondayEight, new Date('2026-12-01T08:00:00Z'))).toBe(false);
    // Sunday 23:00 in New York (UTC−5 in winter) is Monday 04:00 UTC
    const sundayLate = { weekday: 0, hour: 23, timeZone: 'America/New_York' };
    expect(isDigestHour(sundayLate, new Date('2026-11-30T04:00:00Z'))).toBe(true);
    expect(isDigestHour(sundayLate, new Date('2026-11-29T23:00:00Z'))).toBe(false);
    // Monday 00:00 in Kolkata (UTC+5:30) is Sunday 18:30 UTC: a half-hour zone still has its hour
    const kolkata = { weekday: 1, hour: 0, timeZone: 'Asia/Kolkata' };
    expect(isDigestHour(kolkata, new Date('2026-11-29T18:30:00Z'))).toBe(true);
    expect(isDigestHour(kolkata, new Date('2026-11-29T18:00:00Z'))).toBe(false);
  });

  it('follows daylight saving time', () => {
    const parisNine = { weekday: 1, hour: 9, timeZone: 'Europe/Paris' };
    // winter: UTC+1; summer: UTC+2
    expect(isDigestHour(parisNine, new Date('2026-11-30T08:00:00Z'))).toBe(true);
    expect(isDigestHour(parisNine, new Date('2026-06-01T07:00:00Z'))).toBe(true);
    expect(isDigestHour(parisNine, new Date('2026-06-01T08:00:00Z'))).toBe(false);
  });

  it('falls back to UTC for a zone the runtime does not know', () => {
    expect(isDigestHour({ weekday: 1, hour: 8, timeZone: 'Mars/Olympus' }, new Date('2026-11-30T08:00:00Z'))).toBe(
      true,
    );
  });
});
