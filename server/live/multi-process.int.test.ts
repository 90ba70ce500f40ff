import { afterAll, describe, expect, inject, it } from 'vitest';
import { TestLiveSocket } from '../test/live-socket.ts';
import { spawnServer, type SpawnedServer } from '../test/spawn-server.ts';

const databaseUrl = inject('databaseUrl');
const redisUrl = process.env.TEST_REDIS_URL;

const buses: { name: string; env: Record<string, string | undefined> }[] = [
  { name: 'PostgreSQL LISTEN/NOTIFY', env: { DATABASE_URL: databaseUrl, REDIS_URL: undefined } },
  ...(redisUrl ? [{ name: 'Redis pub/sub', env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } }] : []),
];
if (!redisUrl) console.warn('TEST_REDIS_URL is not set: the two-process live test runs over PostgreSQL only.');

const servers: SpawnedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

describe.each(buses)('two app processes on one database, events over $name', ({ env }) => {
  it('an event caused through process A reaches a client of process B; a refused topic gets nothing', async () => {
    const [a, b] = await Promise.all([
      spawnServer({ entry: 'server/test/fixtures/live-server.ts', env }),
      spawnServer({ entry: 'server/test/fixtures/live-server.ts', env }),
    ]);
    servers.push(a, b);
    expect(a.url).not.toBe(b.url);

    const room = `open${Math.random().toString(36).slice(2, 10)}`;
    const watcher = await TestLiveSocket.open(b.url, { origin: b.url });
    const intruder = await TestLiveSocket.open(b.url, { origin: b.url });
    try {
      expect(await watcher.subscribe(`room:${room}`)).toEqual({ type: 'subscribed', topic: `room:${room}` });
      expect(await intruder.subscribe('room:secret42')).toMatchObject({ type: 'error', code: 'forbidden' });

      const response = await fetch(`${a.url}/api/test-rooms/${room}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'from A' }),
      });
      expect(response.status).toBe(201);
      const secret = await fetch(`${a.url}/api/test-rooms/secret42/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'private' }),
      });
      expect(secret.status).toBe(201);

      const event = await watcher.next((m) => m.type === 'event', 10_000);
      expect(event).toMatchObject({ topic: `room:${room}`, event: 'message.created', data: { text: 'from A' } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(intruder.messages.filter((m) => m.type === 'event')).toEqual([]);
    } finally {
      watcher.close();
      intruder.close();
    }
  }, 90_000);
});
