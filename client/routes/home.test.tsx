import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderApp } from '#client/test/render-app.tsx';

/** Stubs the health check with `answer`; the session says nobody is signed in. */
function stubFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>((input) =>
    String(input) === '/api/accounts/session' ? Promise.resolve(json({ user: null })) : answer(),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('home page', () => {
  it('says what Townhall is and checks the API while it waits', async () => {
    const fetchMock = stubFetch(() => new Promise<Response>(() => {}));

    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Townhall' })).toBeInTheDocument();
    expect(screen.getByText('Creator communities with live question-and-answer groups.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking the API…');
    expect(fetchMock).toHaveBeenCalledWith('/api/health', expect.anything());
  });

  it('shows the API as ok with its version', async () => {
    stubFetch(() => Promise.resolve(json({ status: 'ok', version: '1.2.3', uptime: 42 })));

    renderApp('/');

    const status = await screen.findByRole('status');
    await vi.waitFor(() => expect(status).toHaveTextContent('API: ok'));
    expect(status).toHaveTextContent('1.2.3');
  });

  it("shows the API as unreachable with the server's message", async () => {
    stubFetch(() => Promise.resolve(json({ error: { code: 'unavailable', message: 'Database is starting' } }, 503)));

    renderApp('/');

    const status = await screen.findByRole('status');
    await vi.waitFor(() => expect(status).toHaveTextContent('API unreachable'));
    expect(status).toHaveTextContent('Database is starting');
  });

  it('shows the API as unreachable when nothing answers', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    renderApp('/');

    const status = await screen.findByRole('status');
    await vi.waitFor(() => expect(status).toHaveTextContent('API unreachable'));
    expect(status).toHaveTextContent('Could not reach the server');
  });
});
