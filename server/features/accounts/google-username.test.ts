import { describe, expect, it } from 'vitest';
import { firstFreeUsername, newUserId, toUsernameCharacters, usernameBase } from './google-username.ts';

describe('the username of a Google sign-up', () => {
  const id = 'AbCdEfGh1234567890abcdefghijklmn';

  it('is the display name without spaces, lowercased', () => {
    expect(usernameBase({ name: 'Ada Lovelace', email: 'ada@example.com', userId: id })).toBe('adalovelace');
  });

  it('keeps only letters, digits, _ and -, with accents taken off', () => {
    expect(toUsernameCharacters('José Núñez-Smith (Dev) ✨')).toBe('josenunez-smithdev');
    expect(toUsernameCharacters('a'.repeat(40))).toHaveLength(30);
  });

  it('is the e-mail local part when the name gives nothing usable, is too short, or is reserved or blocked', () => {
    expect(usernameBase({ name: '', email: 'first.last+news@example.com', userId: id })).toBe('firstlastnews');
    expect(usernameBase({ name: null, email: 'grace@example.com', userId: id })).toBe('grace');
    expect(usernameBase({ name: '李小龍', email: 'bruce@example.com', userId: id })).toBe('bruce');
    expect(usernameBase({ name: 'Al', email: 'alfred@example.com', userId: id })).toBe('alfred');
    expect(usernameBase({ name: 'Settings', email: 'sam@example.com', userId: id })).toBe('sam');
    expect(usernameBase({ name: 'The Admin', email: 'sam@example.com', userId: id })).toBe('sam');
  });

  it("is 'user_' and the first 8 characters of the id, lowercased, when neither gives one", () => {
    expect(usernameBase({ name: '', email: 'al@example.com', userId: id })).toBe('user_abcdefgh');
    expect(usernameBase({ name: 'Support', email: 'support@example.com', userId: id })).toBe('user_abcdefgh');
  });

  it('takes the first free of base, base1, base2…', () => {
    expect(firstFreeUsername('ada', new Set())).toBe('ada');
    expect(firstFreeUsername('ada', new Set(['ada', 'ada1', 'ada3']))).toBe('ada2');
  });

  it('makes ids of 32 letters and digits', () => {
    expect(newUserId()).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(newUserId()).not.toBe(newUserId());
  });
});
