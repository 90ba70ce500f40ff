import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from '../../lib/redact-url.ts';

// A private calendar feed's secret is its path: logs (the access log, errors) must not hold it.
describe('redactUrl and the private calendar feed', () => {
  it('redacts the token of /calendar/{token}.ics, however it is spelt', () => {
    const token = 'jzDTf4VwyKjLorz_w4RBaf3U9-3upITGvyjQLfldqr0';
    expect(redactUrl(`/calendar/${token}.ics`)).toBe(`/calendar/${REDACTED}`);
    expect(redactUrl(`/calendar/${token}.ics?x=1&token=2`)).toBe(`/calendar/${REDACTED}?x=1&token=${REDACTED}`);
    expect(redactUrl(`/%63alendar/${token}.ics`)).toBe(`/%63alendar/${REDACTED}`);
    expect(redactUrl(`/CALENDAR/${token}`)).toBe(`/CALENDAR/${REDACTED}`);
    expect(redactUrl(`/calendar/${token}.ics/more`)).toBe(`/calendar/${REDACTED}/more`);
  });

  it('leaves other paths alone, the group feed among them', () => {
    expect(redactUrl('/group/bakers/calendar.ics')).toBe('/group/bakers/calendar.ics');
    expect(redactUrl('/calendar')).toBe('/calendar');
    expect(redactUrl('/calendars/x.ics')).toBe('/calendars/x.ics');
    expect(redactUrl('/%E0%A4%A/x')).toBe('/%E0%A4%A/x');
  });
});
