import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from './redact-url.ts';

describe('redactUrl', () => {
  it('replaces the values of secret query parameters and keeps everything else as sent', () => {
    expect(redactUrl('/api/mail/unsubscribe?token=abc.def')).toBe(`/api/mail/unsubscribe?token=${REDACTED}`);
    expect(redactUrl('/reset-password?token=abc&next=%2Fhome')).toBe(`/reset-password?token=${REDACTED}&next=%2Fhome`);
    expect(redactUrl('/api/auth/callback/google?code=c0de&state=st4te&iss=https%3A%2F%2Fx')).toBe(
      `/api/auth/callback/google?code=${REDACTED}&state=${REDACTED}&iss=https%3A%2F%2Fx`,
    );
    expect(redactUrl('/x?id_token=a&access_token=b&client_secret=c&new_password=d')).toBe(
      `/x?id_token=${REDACTED}&access_token=${REDACTED}&client_secret=${REDACTED}&new_password=${REDACTED}`,
    );
  });

  it('recognizes a name in any case, percent-encoded or as an array', () => {
    expect(redactUrl('/x?TOKEN=a&%74oken=b&token[]=c&to%6Ben%5B%5D=d')).toBe(
      `/x?TOKEN=${REDACTED}&%74oken=${REDACTED}&token[]=${REDACTED}&to%6Ben%5B%5D=${REDACTED}`,
    );
    expect(redactUrl('/x?token')).toBe(`/x?token=${REDACTED}`);
    expect(redactUrl('/x?%E0%A4%A=1&token=2')).toBe(`/x?%E0%A4%A=1&token=${REDACTED}`);
  });

  it('leaves URLs without secrets alone', () => {
    expect(redactUrl('/api/search?q=token&type=people')).toBe('/api/search?q=token&type=people');
    expect(redactUrl('/group/x?tab=questions')).toBe('/group/x?tab=questions');
    expect(redactUrl('/no-query')).toBe('/no-query');
    expect(redactUrl('/x?')).toBe('/x?');
  });

  it('drops a fragment rather than judge it', () => {
    expect(redactUrl('/x?a=1#token=2')).toBe('/x?a=1');
  });
});
