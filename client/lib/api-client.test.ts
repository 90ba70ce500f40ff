import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, api, apiRequest, readErrorBody } from '#client/lib/api-client.ts';
// The server's error schema, only to show that the hand-written check agrees with it.
import { ErrorResponseSchema } from '#shared/schemas/error.ts';

type Item = { id: number; name: string };

/** A reader as a call passes it in `read`: throws when the answer is not an Item. */
function readItem(answer: unknown): Item {
  const item = answer as Partial<Item> | null;
  if (typeof item?.id !== 'number' || typeof item.name !== 'string') throw new TypeError('Not an item');
  return { id: item.id, name: item.name };
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function lastInit(): RequestInit {
  const call = fetchMock.mock.lastCall;
  if (!call) throw new Error('fetch was not called');
  return call[1] ?? {};
}

async function captureError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to fail');
}

describe('apiRequest', () => {
  it('returns the answer of a GET', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 1, name: 'Ada' }));

    await expect(api.get<Item>('/api/items/1')).resolves.toEqual({ id: 1, name: 'Ada' });

    expect(fetchMock.mock.lastCall?.[0]).toBe('/api/items/1');
    const init = lastInit();
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBeNull();
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('sends a JSON body with its content type', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 2, name: 'Grace' }, 201));

    await api.post<Item>('/api/items', { name: 'Grace' });

    const init = lastInit();
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ name: 'Grace' }));
    expect(init.headers).toHaveProperty('Content-Type', 'application/json');
    expect(init.credentials).toBe('same-origin');
  });

  it('accepts an empty 204 answer', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(api.delete<undefined>('/api/items/1')).resolves.toBeUndefined();
  });

  it("throws an ApiError with the server's code, message and fields", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          error: {
            code: 'validation_failed',
            message: 'Username is too short',
            fields: { 'body.username': 'At least 3 characters' },
          },
        },
        400,
      ),
    );

    const error = await captureError(api.post<Item>('/api/users', { username: 'ab' }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Username is too short',
      fields: { 'body.username': 'At least 3 characters' },
    });
  });

  it('names the status when a failure does not carry the error shape', async () => {
    fetchMock.mockResolvedValue(new Response('<h1>Bad gateway</h1>', { status: 502 }));

    await expect(api.get<Item>('/api/items/1')).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'The server answered with status 502.',
    });
  });

  it('names the status too when a JSON failure only looks like the error shape', async () => {
    for (const body of [
      { error: 'Bad gateway' },
      { error: { code: 'upstream' } },
      { error: { code: 'upstream', message: 'Down', fields: { 'body.email': 3 } } },
      { message: 'Down' },
      ['Down'],
    ]) {
      fetchMock.mockResolvedValue(jsonResponse(body, 503));

      await expect(api.get<Item>('/api/items/1'), JSON.stringify(body)).rejects.toMatchObject({
        status: 503,
        code: 'http_error',
        message: 'The server answered with status 503.',
      });
    }
  });

  it('reports an unreachable server as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(api.get<Item>('/api/items/1')).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
      code: 'network_error',
    });
  });

  it('rejects an answer that its reader cannot read', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 'one' }));

    await expect(api.get('/api/items/1', { read: readItem })).rejects.toMatchObject({
      status: 200,
      code: 'invalid_response',
      message: 'The server sent an answer this app does not understand.',
    });
  });

  it('returns what the reader made of the answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 1, name: 'Ada', extra: true }));

    await expect(api.get('/api/items/1', { read: readItem })).resolves.toEqual({ id: 1, name: 'Ada' });
  });

  it('trusts an answer without a reader as the server sent it (decision 024)', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 'one' }));

    await expect(api.get<Item>('/api/items/1')).resolves.toEqual({ id: 'one' });
  });

  it('rejects an answer that is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<!doctype html>', { status: 200 }));

    await expect(api.get<Item>('/api/items/1')).rejects.toMatchObject({
      code: 'invalid_response',
      message: 'The server sent an answer that is not JSON.',
    });
  });

  it('lets an abort through untouched', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(controller.signal.reason);

    const error = await captureError(apiRequest<Item>('/api/items/1', { signal: controller.signal }));

    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toHaveProperty('name', 'AbortError');
  });

  it('refuses a path outside /api/', async () => {
    await expect(api.get<Item>('https://example.com/api/items')).rejects.toThrow(TypeError);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('readErrorBody', () => {
  it('reads the error shape as ErrorResponseSchema does, and nothing else', () => {
    const bodies: unknown[] = [
      { error: { code: 'not_found', message: 'Group not found' } },
      { error: { code: 'validation_failed', message: 'Check the form', fields: { 'body.name': 'Too long' } } },
      { error: { code: 'validation_failed', message: 'Check the form', fields: {} } },
      { error: { code: 'x', message: 'y', extra: 1 }, requestId: 'r1' },
      { error: { code: 'x', message: 'y', fields: { a: 1 } } },
      { error: { code: 'x', message: 'y', fields: ['a'] } },
      { error: { code: 'x', message: 'y', fields: null } },
      { error: { code: 1, message: 'y' } },
      { error: { message: 'y' } },
      { error: null },
      { error: 'Bad gateway' },
      {},
      null,
      undefined,
      'Bad gateway',
      [],
    ];
    for (const body of bodies) {
      const parsed = ErrorResponseSchema.safeParse(body);
      expect(readErrorBody(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data.error : null);
    }
    expect(readErrorBody({ error: { code: 'x', message: 'y', extra: 1 } })).toEqual({ code: 'x', message: 'y' });
  });
});
