import { describe, expect, it } from 'vitest';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { normalizeSlug, slugFormatMessages, slugFromName } from './slug-rules.ts';

describe('slugFormatMessages', () => {
  it('accepts letters, digits and hyphens of a fitting length', () => {
    expect(slugFormatMessages('my-group-42')).toEqual([]);
    expect(slugFormatMessages('  Mixed-Case  ')).toEqual([]);
  });

  it('refuses reserved words trimmed and in any case', () => {
    expect(slugFormatMessages(' Admin ')).toEqual([GROUP_MESSAGES.slugNotAvailable]);
    expect(slugFormatMessages('GROUPS')).toEqual([GROUP_MESSAGES.slugNotAvailable]);
    // app pages beyond the spec's list are reserved too
    for (const page of ['search', 'reset-password', 'forgot-password']) {
      expect(slugFormatMessages(page)).toEqual([GROUP_MESSAGES.slugNotAvailable]);
    }
  });

  it('names every failure, in order', () => {
    expect(slugFormatMessages('')).toEqual([GROUP_MESSAGES.slugTooShort]);
    expect(slugFormatMessages('a b')).toEqual([GROUP_MESSAGES.slugCharacters]);
    expect(slugFormatMessages('é')).toEqual([GROUP_MESSAGES.slugTooShort, GROUP_MESSAGES.slugCharacters]);
    expect(slugFormatMessages('x'.repeat(51))).toEqual([GROUP_MESSAGES.slugTooLong]);
  });
});

describe('normalizeSlug and slugFromName', () => {
  it('trims and lowercases', () => {
    expect(normalizeSlug('  My-Group ')).toBe('my-group');
  });

  it('suggests an ASCII slug from a name', () => {
    expect(slugFromName('Café Crème & Friends!')).toBe('cafe-creme-friends');
    expect(slugFromName('  --  ')).toBe('');
  });
});
