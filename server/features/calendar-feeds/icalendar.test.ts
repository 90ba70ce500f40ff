import { describe, expect, it } from 'vitest';
import { calendarDocument, escapeIcsText, foldIcsLine, icsTime } from './icalendar.ts';

describe('iCalendar helpers', () => {
  it('escapes backslashes, semicolons, commas and newlines', () => {
    expect(escapeIcsText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((part) => Buffer.byteLength(part) <= 75)).toBe(true);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldIcsLine('SHORT:x')).toBe('SHORT:x');
  });

  it('writes UTC times', () => {
    expect(icsTime('2030-01-02T03:04:05.678Z')).toBe('20300102T030405Z');
  });
});

describe('calendarDocument', () => {
  const event = {
    id: '7b0a3c1e-1111-4222-8333-444455556666',
    title: 'Bread\u0007 club',
    description: '',
    groupName: 'Bakers, united',
    startsAt: new Date('2030-01-02T03:04:05.000Z'),
    durationMinutes: 90,
    sequence: 3,
    lastModified: new Date('2029-12-31T10:00:00.000Z'),
    created: undefined,
    status: 'CONFIRMED' as const,
  };

  it('writes a single file as METHOD:PUBLISH, stamped now', () => {
    const text = calendarDocument({
      publicUrl: 'https://th.example',
      events: [event],
      now: new Date('2030-01-01T00:00:00.000Z'),
    });
    expect(text).toContain('\r\nMETHOD:PUBLISH\r\n');
    expect(text).toContain('\r\nDTSTAMP:20300101T000000Z\r\n');
    expect(text).toContain(`\r\nUID:session-${event.id}@th.example\r\n`);
    expect(text).toContain('\r\nSEQUENCE:3\r\n');
    expect(text).toContain('\r\nLAST-MODIFIED:20291231T100000Z\r\n');
    expect(text).toContain('\r\nDTEND:20300102T043405Z\r\n');
    // control characters have no place in a content line
    expect(text).toContain('\r\nSUMMARY:Bread club\r\n');
    expect(text).toContain('\r\nLOCATION:Bakers\\, united on Townhall\r\n');
    expect(text).not.toContain('NAME:');
  });

  it('writes a feed without METHOD, stamped with each revision, named and refreshed hourly', () => {
    const cancelled = { ...event, id: '7b0a3c1e-1111-4222-8333-777777777777', status: 'CANCELLED' as const };
    const text = calendarDocument({
      publicUrl: 'https://th.example',
      events: [event, cancelled],
      feed: { name: 'Bakers; the feed', description: 'Sessions' },
    });
    expect(text).not.toContain('METHOD:');
    expect(text).toContain('\r\nX-WR-CALNAME:Bakers\\; the feed\r\n');
    expect(text).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\nX-PUBLISHED-TTL:PT1H\r\n');
    expect(text.match(/DTSTAMP:20291231T100000Z/g)).toHaveLength(2);
    expect(text).toContain('\r\nSTATUS:CANCELLED\r\nTRANSP:TRANSPARENT\r\n');
    expect(text).toContain('\r\nSUMMARY:Cancelled: Bread club\r\n');
    // the same input, the same bytes (the feed's ETag depends on it)
    expect(
      calendarDocument({ publicUrl: 'https://th.example', events: [event], feed: { name: 'a', description: 'b' } }),
    ).toBe(
      calendarDocument({ publicUrl: 'https://th.example', events: [event], feed: { name: 'a', description: 'b' } }),
    );
  });
});
