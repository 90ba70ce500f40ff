import { describe, expect, it } from 'vitest';

import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';

import { EMPTY_GROUP_FORM, formFieldOf, groupChanges, groupFieldErrors } from './group-form-checks.ts';

describe('groupFieldErrors', () => {
  it('names an empty name and a reserved slug with the server’s words', () => {
    expect(groupFieldErrors({ ...EMPTY_GROUP_FORM, name: '  ', slug: 'admin' })).toEqual({
      name: GROUP_MESSAGES.nameEmpty,
      slug: GROUP_MESSAGES.slugNotAvailable,
    });
  });

  it('joins several slug messages with ". "', () => {
    expect(groupFieldErrors({ ...EMPTY_GROUP_FORM, name: 'A', slug: 'a!' }).slug).toBe(
      `${GROUP_MESSAGES.slugTooShort}. ${GROUP_MESSAGES.slugCharacters}`,
    );
  });

  it('accepts a good group', () => {
    expect(groupFieldErrors({ ...EMPTY_GROUP_FORM, name: 'Rust AMA', slug: 'rust-ama' })).toEqual({});
  });
});

describe('formFieldOf', () => {
  it('reads the field of a server path', () => {
    expect(formFieldOf('body.slug')).toBe('slug');
    expect(formFieldOf('name')).toBe('name');
    expect(formFieldOf('body.other')).toBeNull();
  });
});

describe('groupChanges', () => {
  it('sends only what changed, the slug lowercased', () => {
    const saved = { ...EMPTY_GROUP_FORM, name: 'Rust', slug: 'rust' };
    expect(groupChanges({ ...saved, slug: 'Rust' }, saved)).toEqual({});
    expect(groupChanges({ ...saved, slug: 'Rust-AMA', ama: true }, saved)).toEqual({ slug: 'rust-ama', ama: true });
  });
});
