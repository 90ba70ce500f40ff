import { describe, expect, it } from 'vitest';
import { usernameFormatMessages } from '#shared/lib/username-rules.ts';
import { describeFollowers } from './new-followers-mail.ts';
import { escapeHtml, injectHead } from '../../lib/html-head.ts';
import { nextUsernameHistory } from './update-profile.ts';

describe('nextUsernameHistory', () => {
  it('appends the old name once and never drops one, even a name taken back', () => {
    expect(nextUsernameHistory([], 'ada', 'ada_l')).toEqual(['ada']);
    expect(nextUsernameHistory(['ada'], 'ada_l', 'lovelace')).toEqual(['ada', 'ada_l']);
    // back to a former name: it stays in the history, and the name left joins it
    expect(nextUsernameHistory(['ada', 'ada_l'], 'lovelace', 'ada')).toEqual(['ada', 'ada_l', 'lovelace']);
    // leaving a name that is already there adds nothing
    expect(nextUsernameHistory(['ada', 'ada_l', 'lovelace'], 'ada', 'lovelace')).toEqual(['ada', 'ada_l', 'lovelace']);
    expect(nextUsernameHistory(['x'], 'same', 'same')).toEqual(['x']);
  });
});

describe('usernameFormatMessages', () => {
  it('skips availability for an unchanged name only', () => {
    expect(usernameFormatMessages('support')).toEqual(['This username is not available']);
    expect(usernameFormatMessages('support', { isUnchanged: true })).toEqual([]);
    expect(usernameFormatMessages('a!', { isUnchanged: true })).toHaveLength(2);
  });
});

describe('describeFollowers', () => {
  const person = (name: string) => ({ name, username: name.toLowerCase() || 'anon' });
  it('names up to three and counts the rest', () => {
    expect(describeFollowers([person('Ada')], 1)).toBe('Ada (@ada)');
    expect(describeFollowers([person('Ada'), person('Bo')], 2)).toBe('Ada (@ada) and Bo (@bo)');
    expect(describeFollowers([person('Ada'), person('Bo'), person('Cy')], 3)).toBe('Ada (@ada), Bo (@bo) and Cy (@cy)');
    expect(describeFollowers([person('Ada'), person('Bo'), person('Cy')], 4)).toBe(
      'Ada (@ada), Bo (@bo), Cy (@cy) and 1 other',
    );
    expect(describeFollowers([person('')], 9)).toBe('@anon and 8 others');
  });
});

describe('page meta', () => {
  it('escapes what goes into HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it("replaces the page's title and description and keeps the rest", () => {
    const html =
      '<html><head><meta charset="UTF-8" />\n<meta name="description" content="Old" />\n<title>Townhall</title>\n<script>x()</script>\n</head><body></body></html>';
    const result = injectHead(html, '<title>New</title>');
    expect(result).not.toContain('Old');
    expect(result).not.toContain('<title>Townhall</title>');
    expect(result).toContain('<title>New</title>');
    expect(result).toContain('<script>x()</script>');
    expect(result.indexOf('<title>New</title>')).toBeLessThan(result.indexOf('</head>'));
  });
});
