import { describe, expect, it } from 'vitest';

import { newPasswordErrors, PASSWORDS_DIFFER_MESSAGE } from './password-checks.ts';

describe('newPasswordErrors', () => {
  it('passes a long enough password typed twice', () => {
    expect(newPasswordErrors({ newPassword: '123456', confirmPassword: '123456' })).toEqual({});
  });

  it("refuses fewer than 6 characters with the server's words for a change or reset", () => {
    expect(newPasswordErrors({ newPassword: '12345', confirmPassword: '12345' })).toEqual({
      newPassword: 'Password should be at least 6 characters',
    });
  });

  it('refuses a confirmation that differs', () => {
    expect(newPasswordErrors({ newPassword: 'long enough', confirmPassword: 'long enougH' })).toEqual({
      confirmPassword: PASSWORDS_DIFFER_MESSAGE,
    });
  });
});
