import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { multipart, solidImage } from './sample-images.ts';
import { ORIGIN, signUp, type TestPerson } from '../../test/factories.ts';

describe('an upload holds exactly one image', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let person: TestPerson;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-upload-parts-'));
    app = await buildTestApp({ config: { dataDir } });
    person = await signUp(app, 'parts');
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const send = (parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    return app.inject({
      method: 'POST',
      url: '/api/images?purpose=post',
      headers: { origin: ORIGIN, cookie: person.cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const stored = async () => ({
    rows: (await app.db.select({ id: images.id }).from(images).where(eq(images.ownerId, person.id))).length,
    directories: fs.existsSync(path.join(dataDir, 'media', 'images'))
      ? fs.readdirSync(path.join(dataDir, 'media', 'images')).length
      : 0,
  });

  it('refuses two files, under one name or two, and stores nothing', async () => {
    const first = await solidImage('png', { width: 40, height: 30 });
    const second = await solidImage('jpeg', { width: 50, height: 20 });
    const before = await stored();
    for (const secondName of ['file', 'other']) {
      const response = await send([
        { name: 'file', filename: 'a.png', contentType: 'image/png', data: first },
        { name: secondName, filename: 'b.jpg', contentType: 'image/jpeg', data: second },
      ]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toEqual({ code: 'bad_request', message: 'Send one image at a time.' });
    }
    expect(await stored()).toEqual(before);
  });

  it('still takes one file among plain fields', async () => {
    const image = await solidImage('png', { width: 40, height: 30 });
    const response = await send([
      { name: 'note', data: 'hello' },
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: image },
      { name: 'after', data: 'bye' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
  });
});
