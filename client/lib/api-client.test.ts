import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { ApiError, api, apiRequest } from '#client/lib/api-client.ts';

const ItemSchema = z.object({ id: z.number(), name: z.string() });

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
  it('returns the validated answer of a GET', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 1, name: 'Ada' }));

    await expect(api.get('/api/items/1', ItemSchema)).resolves.toEqual({ id: 1, name: 'Ada' });

    expect(fetchMock.mock.lastCall?.[0]).toBe('/api/items/1');
    const init = lastInit();
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBeNull();
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('sends a JSON body with its content type', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 2, name: 'Grace' }, 201));

    await api.post('/api/items', { name: 'Grace' }, ItemSchema);

    const init = lastInit();
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ name: 'Grace' }));
    expect(init.headers).toHaveProperty('Content-Type', 'application/json');
    expect(init.credentials).toBe('same-origin');
  });

  it('accepts an empty 204 answer', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(api.delete('/api/items/1', z.undefined())).resolves.toBeUndefined();
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

    const error = await captureError(api.post('/api/users', { username: 'ab' }, ItemSchema));

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

    await expect(api.get('/api/items/1', ItemSchema)).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'The server answered with status 502.',
    });
  });

  it('reports an unreachable server as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(api.get('/api/items/1', ItemSchema)).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
      code: 'network_error',
    });
  });

  it('rejects an answer that breaks the contract', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 'one' }));

    await expect(api.get('/api/items/1', ItemSchema)).rejects.toMatchObject({
      status: 200,
      code: 'invalid_response',
    });
  });

  it('rejects an answer that is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<!doctype html>', { status: 200 }));

    await expect(api.get('/api/items/1', ItemSchema)).rejects.toMatchObject({
      code: 'invalid_response',
      message: 'The server sent an answer that is not JSON.',
    });
  });

  it('lets an abort through untouched', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(controller.signal.reason);

    const error = await captureError(apiRequest('/api/items/1', { schema: ItemSchema, signal: controller.signal }));

    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toHaveProperty('name', 'AbortError');
  });

  it('refuses a path outside /api/', async () => {
    await expect(api.get('https://example.com/api/items', ItemSchema)).rejects.toThrow(TypeError);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
