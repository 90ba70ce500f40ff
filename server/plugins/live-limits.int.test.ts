import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LIVE_MAX_CONNECTIONS_PER_ADDRESS,
  LIVE_MESSAGE_BURST,
  LIVE_POLICY_VIOLATION_CLOSE_CODE,
} from '#shared/schemas/live.ts';
import { buildTestApp } from '../test/app.ts';
import { TestLiveSocket } from '../test/live-socket.ts';

let app: FastifyInstance;
let baseUrl: string;
const sockets: TestLiveSocket[] = [];

beforeAll(async () => {
  // behind a proxy on this machine: each test connection says which address it stands for
  app = await buildTestApp({ config: { trustProxy: ['127.0.0.1'] } });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
});

async function connectFrom(address: string): Promise<TestLiveSocket> {
  const socket = await TestLiveSocket.open(baseUrl, { origin: baseUrl, headers: { 'x-forwarded-for': address } });
  sockets.push(socket);
  return socket;
}

async function fill(addresses: (index: number) => string): Promise<TestLiveSocket[]> {
  return Promise.all(
    Array.from({ length: LIVE_MAX_CONNECTIONS_PER_ADDRESS }, (_, index) => connectFrom(addresses(index))),
  );
}

const refusal = `refused with HTTP 429: ${JSON.stringify({
  error: {
    code: 'too_many_requests',
    message: `Too many live connections from your network (at most ${LIVE_MAX_CONNECTIONS_PER_ADDRESS} at once). Close some tabs and try again.`,
  },
})}`;

describe('live connections per address', () => {
  it('refuses the handshake past the cap with a 429 that says why, other addresses unaffected', async () => {
    const open = await fill(() => '203.0.113.7');
    await expect(connectFrom('203.0.113.7')).rejects.toThrow(refusal);
    await expect(connectFrom('203.0.113.8')).resolves.toBeInstanceOf(TestLiveSocket);

    // a closed connection frees its place
    open[0]?.close();
    await vi.waitFor(() => expect(connectFrom('203.0.113.7')).resolves.toBeInstanceOf(TestLiveSocket), {
      timeout: 5_000,
    });
  });

  it('counts an IPv6 network (/64) as one address', async () => {
    await fill((index) => `2001:db8:7:7::${(index + 1).toString(16)}`);
    await expect(connectFrom('2001:db8:7:7:abcd::1')).rejects.toThrow('HTTP 429');
    await expect(connectFrom('2001:db8:7:8::1')).resolves.toBeInstanceOf(TestLiveSocket);
  });
});

describe('live messages per socket', () => {
  it('answers a burst within the allowance', async () => {
    const socket = await connectFrom('198.51.100.1');
    for (let index = 0; index < LIVE_MESSAGE_BURST - 5; index += 1) socket.send({ type: 'ping' });
    await socket.next(
      () => socket.messages.filter((message) => message.type === 'pong').length === LIVE_MESSAGE_BURST - 5,
    );
    expect(socket.closeCode).toBeUndefined();
  });

  it('closes a socket that floods with 1008, having answered no more than the allowance', async () => {
    const socket = await connectFrom('198.51.100.2');
    for (let index = 0; index < 2_000; index += 1) socket.send({ type: 'ping' });
    expect(await socket.waitForClose()).toBe(LIVE_POLICY_VIOLATION_CLOSE_CODE);
    const pongs = socket.messages.filter((message) => message.type === 'pong').length;
    // the allowance was served (the bucket refills a little while the flood arrives), the flood was not
    expect(pongs).toBeGreaterThanOrEqual(LIVE_MESSAGE_BURST - 1);
    expect(pongs).toBeLessThan(1_000);
  });
});
