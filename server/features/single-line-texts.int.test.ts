import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { buildAmaCast, call, createGroup, inAnHour, schedule, signUp } from '../test/factories.ts';

// Names and titles go into e-mail subjects, page titles and link previews: a line break typed
// (or forged) into one is collapsed to a space, never kept.
describe('one-line texts keep no line breaks', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('a display name', async () => {
    const person = await signUp(app, 'sl');
    const response = await call(app, person, 'PATCH', `/api/users/${person.id}/profile`, {
      name: 'Eve\r\nBcc: someone@example.com',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().profile.name).toBe('Eve Bcc: someone@example.com');
  });

  it('a group name, on creation and on edit', async () => {
    const host = await signUp(app, 'sl');
    const group = await createGroup(app, host, { name: 'Line\none\t\ttwo' });
    expect(group.name).toBe('Line one two');
    const edited = await call(app, host, 'PATCH', `/api/groups/${group.id}`, { name: 'Again\r\n\r\nhere ' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().group.name).toBe('Again here');
  });

  it('a session title, on scheduling and on edit', async () => {
    const cast = await buildAmaCast(app);
    const session = await schedule(app, cast.host, cast.groupId, { title: 'Ask\nme\u2028anything' });
    expect(session.title).toBe('Ask me anything');
    const edited = await call(app, cast.host, 'PATCH', `/api/sessions/${session.id}`, {
      title: 'New\r\ntitle',
      startsAt: inAnHour(),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().session.title).toBe('New title');
  });
});
