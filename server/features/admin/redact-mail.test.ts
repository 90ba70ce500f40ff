import { describe, expect, it } from 'vitest';
import { renderMail } from '../mail/render-mail.ts';
import { HIDDEN, redactSecrets } from './redact-mail.ts';

describe('redactSecrets', () => {
  it('hides the token of a reset link in the text, the button and the fallback link of the HTML', () => {
    const token = 'Abc123_secret-TOKEN';
    const mail = renderMail({
      kind: 'password_reset',
      title: 'Reset your Townhall password',
      paragraphs: ['Choose a new password.'],
      action: { label: 'Choose a new password', url: `https://townhall.example/reset-password?token=${token}` },
      publicUrl: 'https://townhall.example',
    });
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Choose a new password');
      expect(redactSecrets(part)).not.toContain(token);
      expect(redactSecrets(part)).toContain(`https://townhall.example/reset-password?token=${HIDDEN}`);
    }
  });

  it('hides every query value of every link, keeping names, paths and HTML escapes', () => {
    expect(redactSecrets('Open https://a.example/x?token=s3cret&next=%2Fhome#top now')).toBe(
      `Open https://a.example/x?token=${HIDDEN}&next=${HIDDEN}#top now`,
    );
    expect(redactSecrets('<a href="https://a.example/u?t=abc&amp;user=42">u</a>')).toBe(
      `<a href="https://a.example/u?t=${HIDDEN}&amp;user=${HIDDEN}">u</a>`,
    );
    expect(redactSecrets('<https://a.example/api/mail/unsubscribe?token=u1.abc.def>')).toBe(
      `<https://a.example/api/mail/unsubscribe?token=${HIDDEN}>`,
    );
    expect(redactSecrets('a token=xyz, code=123 and a lone /reset?token=abc')).toBe(
      `a token=${HIDDEN}, code=${HIDDEN} and a lone /reset?token=${HIDDEN}`,
    );
  });

  it('leaves e-mails without secrets as they are', () => {
    const text =
      'Welcome to Townhall\n\nYou sign in with ada@example.com.\n\nhttps://townhall.example/settings/notifications';
    expect(redactSecrets(text)).toBe(text);
  });
});
