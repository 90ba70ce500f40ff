import { beforeEach, describe, expect, it, vi } from 'vitest';

import { sendWelcome } from './send-welcome.ts';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const input = { userEmail: 'ada@example.com', userName: 'Ada Lovelace', username: 'adalovelace' };

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

describe('the welcome call', () => {
  it('sends the ID token as Bearer with the three fields', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ idToken: 'header.payload.signature' }))
      .mockResolvedValueOnce(json({ status: 'sent' }));
    await sendWelcome(input);

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/accounts/google/id-token');
    const [path, init] = fetchMock.mock.calls[1] ?? [];
    expect(path).toBe('/api/auth/welcome');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer header.payload.signature' });
    expect(init?.body).toBe(JSON.stringify(input));
  });

  it("logs only the answer's error field when it fails", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = { code: 'expired_token', message: 'The Google ID token has expired. Sign in with Google again.' };
    fetchMock.mockResolvedValueOnce(json({ idToken: 'old.token.here' })).mockResolvedValueOnce(json({ error }, 401));
    await sendWelcome(input);
    expect(logged.mock.calls).toEqual([[error]]);
  });
});
