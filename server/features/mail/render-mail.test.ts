import { describe, expect, it } from 'vitest';
import { escapeHtml, renderMail } from './render-mail.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

const publicUrl = 'https://town.example.com';
const secret = 'test-secret-test-secret-test-secret-0123';

describe('renderMail', () => {
  it('renders a list whose every item links to its own page, escaped, in both parts', () => {
    const mail = renderMail({
      kind: 'weekly_digest',
      title: 'Your week',
      paragraphs: [
        'Hello.',
        {
          heading: 'Top questions',
          items: [
            { text: '“Is <b>this</b> bold?”', url: 'https://town.example.com/group/g/question/1', note: '(G & co)' },
            { text: '“Second”', url: 'https://town.example.com/group/g/question/2', detail: 'An answer' },
          ],
        },
      ],
      publicUrl,
    });
    expect(mail.text).toContain(
      [
        'Top questions',
        '• “Is <b>this</b> bold?” (G & co)',
        '  https://town.example.com/group/g/question/1',
        '• “Second”',
        '  An answer',
        '  https://town.example.com/group/g/question/2',
      ].join('\n'),
    );
    expect(mail.html).toContain(
      '<a href="https://town.example.com/group/g/question/1" style="color:#b91c1c;">“Is &lt;b&gt;this&lt;/b&gt; bold?”</a> (G &amp; co)',
    );
    expect(mail.html).toContain('<span style="color:#52525b;">An answer</span>');
    expect(mail.html).not.toContain('<b>this</b>');
  });

  it('refuses a list item that does not link to a web page', () => {
    expect(() =>
      renderMail({
        kind: 'weekly_digest',
        title: 'Your week',
        paragraphs: [{ items: [{ text: 'x', url: 'javascript:alert(1)' }] }],
        publicUrl,
      }),
    ).toThrow(/http\(s\) URL/);
  });

  it('builds both parts from a title, paragraphs and a button', () => {
    const mail = renderMail({
      kind: 'password_reset',
      title: 'Reset your password',
      paragraphs: ['Someone asked to reset the password of your account.', 'The link works for one hour.'],
      action: { url: 'https://town.example.com/reset-password?token=abc', label: 'Choose a new password' },
      publicUrl,
    });
    expect(mail.kind).toBe('password_reset');
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toBe(
      [
        'Reset your password',
        'Someone asked to reset the password of your account.',
        'The link works for one hour.',
        'Choose a new password: https://town.example.com/reset-password?token=abc',
        '-- \nTownhall · town.example.com\nManage your e-mail settings: https://town.example.com/settings/notifications',
      ].join('\n\n'),
    );
    expect(mail.html).toContain(
      '<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;">Reset your password</h1>',
    );
    expect(mail.html).toContain('<p style="margin:0 0 16px;">The link works for one hour.</p>');
    expect(mail.html).toContain('href="https://town.example.com/reset-password?token=abc"');
    expect(mail.html).toContain('>Choose a new password</a>');
    expect(mail.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
  });

  it('ends every e-mail with a link to the e-mail settings', () => {
    const mail = renderMail({ kind: 'welcome', title: 'Welcome', paragraphs: ['Hello.'], publicUrl });
    expect(mail.text.endsWith('Manage your e-mail settings: https://town.example.com/settings/notifications')).toBe(
      true,
    );
    expect(mail.html).toContain(
      '<a href="https://town.example.com/settings/notifications" style="color:#71717a;">Manage your e-mail settings</a>',
    );
  });

  it('escapes every interpolated value in the HTML and keeps the text as written', () => {
    const evil = `<script>alert("x")</script> & 'quotes'`;
    const mail = renderMail({
      kind: 'notification',
      title: evil,
      paragraphs: [evil, 'line one\nline <two>'],
      action: { url: 'https://town.example.com/q?a=1&b="2"', label: evil },
      publicUrl,
      unsubscribe: { userId: 'u1', category: 'newAnswers', secret },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain(`'quotes'`);
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;';
    expect(mail.html).toContain(`<title>${escaped}</title>`);
    expect(mail.html).toContain(`<p style="margin:0 0 16px;">${escaped}</p>`);
    expect(mail.html).toContain('line one<br>line &lt;two&gt;');
    expect(mail.html).toContain('href="https://town.example.com/q?a=1&amp;b=%222%22"');
    expect(mail.text).toContain(evil);
    expect(mail.subject).toBe(evil);
  });

  it('refuses links that are not http(s)', () => {
    expect(() =>
      renderMail({
        kind: 'welcome',
        title: 'Hi',
        paragraphs: [],
        action: { url: 'javascript:alert(1)', label: 'Click' },
        publicUrl,
      }),
    ).toThrow('An e-mail link must be an http(s) URL');
    expect(() =>
      renderMail({ kind: 'welcome', title: 'Hi', paragraphs: [], action: { url: '/relative', label: 'x' }, publicUrl }),
    ).toThrow();
  });

  it('gives notification e-mails one-click unsubscribe (RFC 8058) with a signed token', () => {
    const mail = renderMail({
      kind: 'notification',
      title: 'New answer',
      paragraphs: ['Ada answered your question.'],
      publicUrl,
      unsubscribe: { userId: 'u1', category: 'newAnswers', secret },
    });
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const match = /^<https:\/\/town\.example\.com\/api\/mail\/unsubscribe\?token=([^>]+)>$/.exec(
      mail.headers['List-Unsubscribe'] ?? '',
    );
    expect(match).not.toBeNull();
    expect(verifyUnsubscribeToken(decodeURIComponent(match?.[1] ?? ''), secret)).toEqual({
      userId: 'u1',
      category: 'newAnswers',
    });
  });

  it('treats a kind flagged isNotification as a notification, and requires the unsubscribe target', () => {
    const digest = renderMail({
      kind: 'weekly_digest',
      isNotification: true,
      title: 'Your week',
      paragraphs: [],
      publicUrl,
      unsubscribe: { userId: 'u1', category: 'weeklyDigest', secret },
    });
    expect(digest.headers['List-Unsubscribe']).toMatch(/^<https:\/\/town\.example\.com\/api\/mail\/unsubscribe\?/);
    expect(() => renderMail({ kind: 'notification', title: 'x', paragraphs: [], publicUrl })).toThrow(
      'needs unsubscribe',
    );
    const welcome = renderMail({ kind: 'welcome', title: 'Welcome', paragraphs: [], publicUrl });
    expect(welcome.headers['List-Unsubscribe']).toBeUndefined();
  });

  it('keeps the subject to one line of at most 200 characters', () => {
    const mail = renderMail({
      kind: 'notification',
      title: `New answer to:\n${'a very long question '.repeat(20)}`,
      paragraphs: [],
      publicUrl,
      unsubscribe: { userId: 'u1', category: 'newAnswers', secret },
    });
    expect(mail.subject).not.toContain('\n');
    expect(mail.subject).toHaveLength(200);
    expect(mail.subject.endsWith('…')).toBe(true);
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML metacharacters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
