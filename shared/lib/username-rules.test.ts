import { describe, expect, it } from 'vitest';
import {
  SIGN_UP_MESSAGES,
  isUnavailableUsername,
  joinMessages,
  normalizeUsername,
  usernameAndEmailFormatMessages,
} from './username-rules.ts';

describe('usernameAndEmailFormatMessages', () => {
  it('passes a good e-mail and username', () => {
    expect(usernameAndEmailFormatMessages({ email: 'ada@example.com', username: 'Ada_L-1' })).toEqual([]);
  });

  it('wants an e-mail with @', () => {
    expect(usernameAndEmailFormatMessages({ email: '', username: 'ada' })).toEqual(['Valid email is required']);
    expect(usernameAndEmailFormatMessages({ email: 'ada.example.com', username: 'ada' })).toEqual([
      'Valid email is required',
    ]);
  });

  it('wants at least 3 characters after trimming', () => {
    expect(usernameAndEmailFormatMessages({ email: 'a@b.c', username: '  ab ' })).toEqual([
      'Username must be at least 3 characters',
    ]);
  });

  it('allows letters, numbers, underscores and hyphens only, ASCII', () => {
    for (const username of ['ada lovelace', 'ada!', 'аda' /* Cyrillic а */, 'adä', 'ada.l']) {
      expect(usernameAndEmailFormatMessages({ email: 'a@b.c', username })).toContain(
        'Username can only contain letters, numbers, underscores, and hyphens',
      );
    }
  });

  it('keeps reserved words and staff-like names back, in any case', () => {
    for (const username of ['admin', 'Settings', 'UI-LIBRARY', 'moderator', 'admin123', 'the_townhall', 'root']) {
      expect(usernameAndEmailFormatMessages({ email: 'a@b.c', username })).toEqual(['This username is not available']);
    }
    expect(isUnavailableUsername('')).toBe(false);
    expect(isUnavailableUsername('adamant')).toBe(false);
  });

  it('reports every failing check, in the spec order, joined with ". "', () => {
    const messages = usernameAndEmailFormatMessages({ email: 'nope', username: 'a!' });
    expect(messages).toEqual([
      SIGN_UP_MESSAGES.invalidEmail,
      SIGN_UP_MESSAGES.usernameTooShort,
      SIGN_UP_MESSAGES.usernameCharacters,
    ]);
    expect(joinMessages(messages)).toBe(
      'Valid email is required. Username must be at least 3 characters. Username can only contain letters, numbers, underscores, and hyphens',
    );
  });
});

describe('normalizeUsername', () => {
  it('trims and lowercases', () => {
    expect(normalizeUsername('  Ada_L ')).toBe('ada_l');
  });
});
