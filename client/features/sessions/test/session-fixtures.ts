import type { AmaSession } from '#shared/schemas/sessions.ts';

/** A session of the fixture group 'compilers' (host user-2 unless overridden). */
export function buildAmaSession(overrides: Partial<AmaSession> = {}): AmaSession {
  return {
    id: 'session-1',
    groupId: 'group-1',
    group: { id: 'group-1', slug: 'compilers', name: 'Compilers', groupImage: '' },
    host: { id: 'user-2', username: 'grace', name: 'Grace Hopper', profileImageURL: '' },
    title: 'Ask me about compilers',
    description: 'Parsers, optimizers and bugs.',
    startsAt: '2030-05-01T15:00:00.000Z',
    durationMinutes: 60,
    endsAt: '2030-05-01T16:00:00.000Z',
    status: 'scheduled',
    startedAt: null,
    endedAt: null,
    questionCount: 2,
    createdAt: '2030-04-01T00:00:00.000Z',
    ...overrides,
  };
}
