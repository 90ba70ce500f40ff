import { describe, expect, it } from 'vitest';

import { isSidebarShortcut } from '#client/components/layout/sidebar-context.tsx';

import { hasSignInModal } from '../../features/accounts/components/sign-in-modal.tsx';
import { isDarkFor } from './theme.ts';

const key = (key: string, modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
});

describe('hasSignInModal', () => {
  it('is mounted everywhere but the root and the sign-in page', () => {
    expect(hasSignInModal('/')).toBe(false);
    expect(hasSignInModal('/login')).toBe(false);
    expect(hasSignInModal('/login/')).toBe(false);
    expect(hasSignInModal('/ui-library')).toBe(true);
    expect(hasSignInModal('/signup')).toBe(true);
    expect(hasSignInModal('/login-help')).toBe(true);
  });
});

describe('isSidebarShortcut', () => {
  it('is Ctrl+B or Cmd+B, in either case, without other modifiers', () => {
    expect(isSidebarShortcut(key('b', { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('B', { metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('b'))).toBe(false);
    expect(isSidebarShortcut(key('b', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key('b', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSidebarShortcut(key('k', { ctrlKey: true }))).toBe(false);
  });
});

describe('isDarkFor', () => {
  it('follows the choice, and the system for "system"', () => {
    expect(isDarkFor('dark', false)).toBe(true);
    expect(isDarkFor('light', true)).toBe(false);
    expect(isDarkFor('system', true)).toBe(true);
    expect(isDarkFor('system', false)).toBe(false);
  });
});
