import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { GATE_TEXTS, PERMISSION_REASONS, SIGN_IN_TO_INTERACT } from '#shared/lib/permissions.ts';
import {
  AddMemberResponseSchema,
  GroupAccessSchema,
  GroupLikeResponseSchema,
  GroupMemberListResponseSchema,
  type GroupSummary,
} from '#shared/schemas/groups.ts';
import { groups, likes } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { authorizeGroupAction } from './authorize-group-action.ts';
import { call, createGroup, setSubscription, signUp, type TestPerson, uniqueSuffix } from '../../test/factories.ts';

let app: FastifyInstance;
let host: TestPerson;
let other: TestPerson;
beforeAll(async () => {
  app = await buildTestApp();
  host = await signUp(app, 'mh');
  other = await signUp(app, 'mo');
});
afterAll(async () => {
  await app?.close();
});

const addMember = (person: TestPerson | null, groupId: string, username: string) =>
  call(app, person, 'POST', `/api/groups/${groupId}/members`, { username });

async function memberCount(groupId: string) {
  const [row] = await app.db.select({ n: groups.memberCount }).from(groups).where(eq(groups.id, groupId));
  return row?.n;
}

describe('members', () => {
  it('lets the host add people by username in any case and remove them, memberCount in step', async () => {
    const group = await createGroup(app, host);
    // nobody yet: an empty page, not a missing group
    expect((await app.inject({ url: `/api/groups/${group.id}/members` })).json()).toEqual({
      members: [],
      nextCursor: null,
    });
    const missing = await app.inject({ url: '/api/groups/00000000-0000-4000-8000-000000000000/members' });
    expect(missing.statusCode).toBe(404);
    const ann = await signUp(app, 'mann');
    const ben = await signUp(app, 'mben');
    const added = await addMember(host, group.id, ` ${ann.username.toUpperCase()} `);
    expect(added.statusCode, added.body).toBe(201);
    expect(AddMemberResponseSchema.parse(added.json())).toMatchObject({
      member: { id: ann.id, username: ann.username, name: ann.username, profileImageURL: '' },
      memberCount: 1,
    });
    expect((await addMember(host, group.id, ben.username)).json().memberCount).toBe(2);
    const access = GroupAccessSchema.parse((await call(app, ann, 'GET', `/api/groups/${group.id}/access`)).json());
    expect(access).toMatchObject({ role: 'member', isMember: true, canSubscribe: false });

    const list = GroupMemberListResponseSchema.parse(
      (await app.inject({ url: `/api/groups/${group.id}/members` })).json(),
    );
    expect(list.members.map((member) => member.id)).toEqual([ben.id, ann.id]);
    const firstPage = GroupMemberListResponseSchema.parse(
      (await app.inject({ url: `/api/groups/${group.id}/members?limit=1` })).json(),
    );
    expect(firstPage.members.map((member) => member.id)).toEqual([ben.id]);
    const secondPage = GroupMemberListResponseSchema.parse(
      (await app.inject({ url: `/api/groups/${group.id}/members?limit=1&cursor=${firstPage.nextCursor}` })).json(),
    );
    expect(secondPage).toMatchObject({ members: [{ id: ann.id }], nextCursor: null });

    const removed = await call(app, host, 'DELETE', `/api/groups/${group.id}/members/${ann.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ memberCount: 1 });
    expect(await memberCount(group.id)).toBe(1);
    const again = await call(app, host, 'DELETE', `/api/groups/${group.id}/members/${ann.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(GROUP_MESSAGES.memberNotFound);
    expect(await memberCount(group.id)).toBe(1);
  });

  it('refuses unknown usernames, the host, people already members and non-hosts', async () => {
    const group = await createGroup(app, host);
    const ann = await signUp(app, 'mann');
    const unknown = await addMember(host, group.id, `nobody_${uniqueSuffix()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(GROUP_MESSAGES.memberUserNotFound);
    const self = await addMember(host, group.id, host.username);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(GROUP_MESSAGES.memberIsHost);
    expect((await addMember(host, group.id, ann.username)).statusCode).toBe(201);
    const twice = await addMember(host, group.id, ann.username);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(GROUP_MESSAGES.memberAlreadyAdded);
    const notHost = await addMember(other, group.id, other.username);
    expect(notHost.statusCode).toBe(403);
    expect(notHost.json().error.message).toBe(GROUP_MESSAGES.notHost);
    const notHostRemove = await call(app, ann, 'DELETE', `/api/groups/${group.id}/members/${ann.id}`);
    expect(notHostRemove.statusCode).toBe(403);
    expect((await addMember(null, group.id, ann.username)).statusCode).toBe(401);
    expect((await addMember(host, '00000000-0000-4000-8000-000000000000', ann.username)).statusCode).toBe(404);
    expect(await memberCount(group.id)).toBe(1);
    const bad = await app.inject({ url: `/api/groups/${group.id}/members?cursor=zzz` });
    expect(bad.statusCode).toBe(400);
  });
});

describe('group likes through the permission rule', () => {
  let group: GroupSummary;
  let subscriber: TestPerson;
  let member: TestPerson;
  let guest: TestPerson;
  beforeAll(async () => {
    group = await createGroup(app, host);
    subscriber = await signUp(app, 'lsub');
    member = await signUp(app, 'lmem');
    guest = await signUp(app, 'lgst');
    expect((await setSubscription(app, subscriber, group.id, true)).statusCode).toBe(200);
    expect((await addMember(host, group.id, member.username)).statusCode).toBe(201);
  });
  const like = (person: TestPerson | null, isLiked = true) =>
    call(app, person, isLiked ? 'PUT' : 'DELETE', `/api/groups/${group.id}/like`);

  it('refuses a signed-out person with 401 and a guest with 403 subscription_required', async () => {
    const signedOut = await like(null);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error).toEqual({ code: 'unauthenticated', message: SIGN_IN_TO_INTERACT });
    for (const isLiked of [true, false]) {
      const asGuest = await like(guest, isLiked);
      expect(asGuest.statusCode).toBe(403);
      expect(asGuest.json().error).toEqual({
        code: 'subscription_required',
        message: 'Please sign in and subscribe to interact',
      });
    }
    const missing = await call(app, subscriber, 'PUT', '/api/groups/00000000-0000-4000-8000-000000000000/like');
    expect(missing.statusCode).toBe(404);
  });

  it('lets the subscriber, a member and the host like idempotently, likeCount in step', async () => {
    let expected = 0;
    for (const person of [subscriber, member, host]) {
      expected += 1;
      for (let index = 0; index < 2; index++) {
        const response = await like(person);
        expect(response.statusCode, response.body).toBe(200);
        expect(GroupLikeResponseSchema.parse(response.json())).toEqual({ isLiked: true, likeCount: expected });
      }
    }
    const access = GroupAccessSchema.parse(
      (await call(app, subscriber, 'GET', `/api/groups/${group.id}/access`)).json(),
    );
    expect(access.isLiked).toBe(true);
    expect((await like(member, false)).json()).toEqual({ isLiked: false, likeCount: 2 });
    expect((await like(member, false)).json()).toEqual({ isLiked: false, likeCount: 2 });
    const rows = await app.db.select().from(likes).where(eq(likes.targetId, group.id));
    expect(rows).toHaveLength(2);
  });

  it('lets a guest like once subscribed, and not after unsubscribing', async () => {
    const late = await signUp(app, 'llate');
    expect((await like(late)).statusCode).toBe(403);
    await setSubscription(app, late, group.id, true);
    expect((await like(late)).statusCode).toBe(200);
    await setSubscription(app, late, group.id, false);
    expect((await like(late, false)).json().error.code).toBe('subscription_required');
  });
});

describe('authorizeGroupAction', () => {
  it('applies the rule to any action and target, for posts and questions to reuse', async () => {
    const group = await createGroup(app, host);
    const subscriber = await signUp(app, 'asub');
    await setSubscription(app, subscriber, group.id, true);
    const run = (viewerId: string | null, action: string, target: 'group' | 'posts' | 'comments' | 'questionQueue') =>
      authorizeGroupAction({
        db: app.db,
        viewer: viewerId ? { id: viewerId } : null,
        groupId: group.id,
        action: action as 'like',
        target,
      });
    await expect(run(host.id, 'post', 'posts')).resolves.toMatchObject({ access: { role: 'host' } });
    await expect(run(host.id, 'comment', 'questionQueue')).rejects.toMatchObject({
      statusCode: 403,
      code: 'forbidden',
      message: PERMISSION_REASONS.hostComment,
    });
    await expect(run(subscriber.id, 'ask', 'questionQueue')).resolves.toMatchObject({
      viewer: { id: subscriber.id },
      access: { role: 'subscriber' },
    });
    // subscribing cannot help a subscriber with an action the rule does not know
    await expect(run(subscriber.id, 'delete_group', 'group')).rejects.toMatchObject({
      statusCode: 403,
      code: 'forbidden',
      message: GATE_TEXTS.deniedFallback,
    });
    await expect(run(other.id, 'comment', 'comments')).rejects.toMatchObject({
      statusCode: 403,
      code: 'subscription_required',
      message: PERMISSION_REASONS.guest,
    });
    await expect(run(null, 'like', 'group')).rejects.toMatchObject({ statusCode: 401, code: 'unauthenticated' });
  });
});
