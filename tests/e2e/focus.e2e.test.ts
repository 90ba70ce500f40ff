import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, askQuestion, baseUrl, createGroup, scheduleSession, subscribe, useBrowser, visit } from './kit.ts';

const browser = useBrowser();

/** What has focus: its tag, role, accessible text; '<body>' when focus was dropped. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return '<body>';
    const role = active.getAttribute('role') ?? '';
    const name = active.getAttribute('aria-label') ?? (active.textContent ?? '').trim().slice(0, 60);
    return `${active.tagName.toLowerCase()}${role ? `[${role}]` : ''} ${name}`.trim();
  });
}

/** Waits until focus has settled somewhere other than <body>, and returns where. */
async function expectFocusPlaced(page: Page): Promise<string> {
  await expect.poll(() => focused(page), { timeout: 5_000 }).not.toBe('<body>');
  // not only for a moment: a list read again may still take the focused element away
  await page.waitForTimeout(300);
  const where = await focused(page);
  expect(where).not.toBe('<body>');
  return where;
}

/**
 * The contrast (WCAG 2.x) of the focused element's indicator against what is around it: the
 * outline's colour, or the widest solid ring of its box-shadow, composed over the first
 * background behind it, read in the page (a canvas turns any CSS colour, oklch too, into sRGB).
 */
function focusRingContrast(page: Page): Promise<{ ratio: number; ring: string; background: string; element: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    if (!element.matches(':focus-visible')) throw new Error(`${element.tagName} is focused, but not :focus-visible`);
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (color: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const style = getComputedStyle(element);
    let ring: string | null = null;
    let isInside = false;
    if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) {
      ring = style.outlineColor;
      isInside = Number.parseFloat(style.outlineOffset) < 0;
    } else {
      // layers of the box-shadow, split at the commas outside parentheses
      const layers: string[] = [];
      let depth = 0;
      let current = '';
      for (const char of style.boxShadow) {
        if (char === '(') depth += 1;
        if (char === ')') depth -= 1;
        if (char === ',' && depth === 0) {
          layers.push(current.trim());
          current = '';
        } else current += char;
      }
      layers.push(current.trim());
      let widest = 0;
      for (const layer of layers) {
        if (layer.startsWith('inset')) continue;
        const colorMatch = /^(\w+\([^)]*\)|#\w+|\w+)/.exec(layer);
        const lengths = [...layer.replace(colorMatch?.[0] ?? '', '').matchAll(/(-?[\d.]+)px/g)].map((m) =>
          Number(m[1]),
        );
        const [x = 0, y = 0, blur = 0, spread = 0] = lengths;
        if (!colorMatch || x !== 0 || y !== 0 || blur !== 0 || spread <= widest) continue;
        if (rgba(colorMatch[0])[3] === 0) continue;
        widest = spread;
        ring = colorMatch[0];
      }
    }
    if (!ring) throw new Error(`${element.tagName} shows no outline and no ring when focused`);
    let background: [number, number, number, number] = [255, 255, 255, 1];
    for (let node: Element | null = isInside ? element : element.parentElement; node; node = node.parentElement) {
      const color = rgba(getComputedStyle(node).backgroundColor);
      if (color[3] > 0) {
        background = color;
        break;
      }
    }
    if (background[3] < 1) {
      const page = rgba(getComputedStyle(document.documentElement).backgroundColor);
      background = [0, 1, 2]
        .map((i) => background[i]! * background[3] + page[i]! * (1 - background[3]))
        .concat(1) as typeof background;
    }
    const ringColor = rgba(ring);
    const shown = [0, 1, 2].map((i) => ringColor[i]! * ringColor[3] + background[i]! * (1 - ringColor[3]));
    const luminance = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((channel) => {
        const c = channel / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [light, dark] = [luminance(shown), luminance(background.slice(0, 3))].sort((a, b) => b - a) as [
      number,
      number,
    ];
    return {
      ratio: (light + 0.05) / (dark + 0.05),
      ring,
      background: `rgb(${background.slice(0, 3).join(' ')})`,
      element: `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.getAttribute('name') ?? (element.textContent ?? '').trim().slice(0, 40)}`,
    };
  });
}

/** Focuses `target` as the keyboard would (the last interaction a key press, so :focus-visible applies). */
async function keyboardFocus(page: Page, target: Locator): Promise<void> {
  await page.keyboard.press('Shift');
  await target.focus();
}

describe('focus', () => {
  it('every kind of control shows a focus indicator of at least 3:1 against its background, light and dark', async () => {
    const host = await browser.signedIn('e2e_ring_host');
    const group = await createGroup(host.context.request, { name: 'Rings and Outlines', ama: true });
    const sessionId = await scheduleSession(host.context.request, group.id, {
      title: 'Focus, visibly',
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      durationMinutes: 30,
    });
    const member = await browser.signedIn('e2e_ring_member');
    await subscribe(member.context.request, group.id);
    const { page } = member;

    const measured: string[] = [];
    const measure = async (colorScheme: 'light' | 'dark', controls: [string, Locator][]) => {
      await page.emulateMedia({ colorScheme });
      await page.waitForFunction(
        (dark) => document.documentElement.classList.contains('dark') === dark,
        colorScheme === 'dark',
      );
      for (const [what, control] of controls) {
        await keyboardFocus(page, control);
        const { ratio, ring, background, element } = await focusRingContrast(page);
        measured.push(`${colorScheme} ${what} (${element}): ${ratio.toFixed(2)}:1, ${ring} on ${background}`);
        expect(ratio, measured.at(-1)).toBeGreaterThanOrEqual(3);
      }
    };

    await visit(page, `/event/${sessionId}`);
    const askBox = page.getByRole('textbox', { name: 'Ask a question' });
    await askBox.waitFor();
    const sessionControls: [string, Locator][] = [
      ['the search box', page.getByRole('banner').getByRole('combobox', { name: 'Search Townhall' })],
      ['the Ask box', askBox],
      ['a sidebar link', page.getByRole('navigation', { name: 'Main' }).getByRole('link').first()],
      ['a text link', page.getByRole('main').getByRole('link', { name: 'Rings and Outlines' }).first()],
      ['a button', page.getByRole('banner').getByRole('button', { name: 'Account menu' })],
    ];
    await measure('light', sessionControls);
    await measure('dark', sessionControls);

    await visit(page, `/group/${group.slug}`);
    const groupControls: [string, Locator][] = [
      ['a primary button', page.getByRole('main').getByRole('button', { name: 'Unsubscribe' })],
      ['a tab', page.getByRole('tab', { name: 'Questions' })],
    ];
    await measure('light', groupControls);
    await measure('dark', groupControls);

    await visit(page, '/settings/profile');
    const settingsControls: [string, Locator][] = [
      ['a text field', page.getByRole('textbox', { name: 'Name', exact: true })],
      ['a text area', page.getByRole('textbox', { name: 'Quote' })],
    ];
    await measure('light', settingsControls);
    await measure('dark', settingsControls);
  });

  it('after each action with the keyboard, focus lands somewhere sensible, never on <body>', async () => {
    const host = await browser.signedIn('e2e_walk_host');
    const group = await createGroup(host.context.request, { name: 'Keyboard Walk', ama: true });
    const sessionId = await scheduleSession(host.context.request, group.id, {
      title: 'Walking by keys',
      startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      durationMinutes: 60,
    });
    await apiCall(host.context.request, 'POST', `/api/sessions/${sessionId}/start`, undefined, 200);
    const member = await browser.signedIn('e2e_walk_member');
    const { page } = member;
    const walked: string[] = [];
    const step = async (what: string) => {
      const where = await expectFocusPlaced(page);
      walked.push(`${what} → ${where}`);
      return where;
    };

    // Subscribe, then unsubscribe and subscribe again, with the keyboard: focus stays on the button.
    await visit(page, `/group/${group.slug}`);
    const main = page.getByRole('main');
    await keyboardFocus(page, main.getByRole('button', { name: 'Subscribe' }));
    await page.keyboard.press('Enter');
    await main.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    expect(await step('subscribe')).toContain('Unsubscribe');
    await page.keyboard.press('Enter');
    await main.getByRole('button', { name: 'Subscribe' }).waitFor();
    expect(await step('unsubscribe')).toContain('Subscribe');
    await page.keyboard.press('Enter');
    await main.getByRole('button', { name: 'Unsubscribe' }).waitFor();

    // Ask a question with the keyboard: the emptied field keeps focus, and a status says it was asked.
    await visit(page, `/event/${sessionId}`);
    const askBox = page.getByRole('textbox', { name: 'Ask a question' });
    await keyboardFocus(page, askBox);
    await page.keyboard.type('Which key moves focus backwards?');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const card = page.getByRole('article').filter({ hasText: 'Which key moves focus backwards?' });
    await card.waitFor();
    expect(await step('ask a question')).toContain('textarea');

    // Like (vote) it with the keyboard: the button keeps focus.
    const vote = card.getByRole('button', { name: 'Upvote' });
    await keyboardFocus(page, vote);
    await page.keyboard.press('Enter');
    await step('vote');

    // A dialog closed with Escape gives focus back to what opened it.
    await keyboardFocus(page, page.getByRole('banner').getByRole('button', { name: 'Account menu' }));
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    expect(await step('close the account menu')).toContain('Account menu');

    // Comment on the question's page; delete the comment: focus goes on, not to <body>.
    const questionId = await askQuestion(member.context.request, group.id, 'Does Escape always close?', sessionId);
    await visit(page, `/group/${group.slug}/question/${questionId}`);
    const commentBox = page.getByRole('textbox', { name: 'Write a comment' });
    await keyboardFocus(page, commentBox);
    await page.keyboard.type('It should, everywhere.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const comment = page.getByRole('article', { name: /^Comment by / });
    await comment.waitFor();
    expect(await step('comment')).toContain('textarea');
    // Reply and Edit open a composer with focus in its field (done by the composer: Preact only
    // writes the autofocus attribute, which the browser honours once per page)
    await keyboardFocus(page, comment.getByRole('button', { name: 'Reply' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toContain('textarea');
    await page.getByRole('button', { name: 'Cancel' }).press('Enter');
    await keyboardFocus(page, comment.getByRole('button', { name: 'Edit' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toContain('textarea');
    await page.getByRole('button', { name: 'Cancel' }).press('Enter');
    await keyboardFocus(page, comment.getByRole('button', { name: 'Delete' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete this comment?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).press('Enter');
    await comment.waitFor({ state: 'detached' });
    await step('delete the comment');

    // Settings: saving the profile keeps focus on the form.
    await visit(page, '/settings/profile');
    const nameField = page.getByRole('textbox', { name: 'Name', exact: true });
    await keyboardFocus(page, nameField);
    await nameField.fill('Walking Member');
    await page.keyboard.press('Enter');
    await page.getByText('Profile saved', { exact: false }).first().waitFor();
    await step('save the profile');

    // The host pins and answers with the keyboard.
    const hostPage = host.page;
    await visit(hostPage, `/event/${sessionId}`);
    const hostCard = hostPage.getByRole('article').filter({ hasText: 'Which key moves focus backwards?' });
    await hostPage.keyboard.press('Shift');
    await hostCard.getByRole('button', { name: 'Pin' }).focus();
    await hostPage.keyboard.press('Enter');
    await hostCard.getByRole('button', { name: 'Unpin' }).waitFor();
    await expect.poll(() => focused(hostPage)).not.toBe('<body>');
    walked.push(`pin → ${await focused(hostPage)}`);
    // the queue is read again after the pin's live event: answer once it has settled
    await hostPage.waitForLoadState('networkidle');
    await hostPage.waitForTimeout(500);
    await hostCard.getByRole('button', { name: 'Answer', exact: true }).focus();
    await hostPage.keyboard.press('Enter');
    await hostPage.getByRole('textbox', { name: 'Answer' }).fill('Shift and Tab together.');
    await hostPage.getByRole('button', { name: 'Save answer' }).focus();
    await hostPage.keyboard.press('Enter');
    await hostCard.getByText('Shift and Tab together.').waitFor();
    await expect.poll(() => focused(hostPage)).not.toBe('<body>');
    await hostPage.waitForTimeout(300);
    walked.push(`answer → ${await focused(hostPage)}`);
    expect(await focused(hostPage)).not.toBe('<body>');

    // Signing in on /login lands on the page asked for, with focus on its heading.
    const visitor = await browser.newContext();
    await visit(visitor.page, `/login?next=${encodeURIComponent('/groups')}`);
    await visitor.page.getByLabel('Email').fill(member.person.email);
    await visitor.page.getByLabel('Password', { exact: true }).fill(member.person.password);
    await visitor.page.getByLabel('Password', { exact: true }).press('Enter');
    await visitor.page.waitForURL(`${baseUrl}/groups`);
    await expect.poll(() => focused(visitor.page)).toBe('h1 Groups');

    // Signing in through the top bar's modal: its 'Sign in' button is replaced by the avatar, so
    // focus goes to the page's heading.
    const other = await browser.newContext();
    await visit(other.page, '/events');
    await keyboardFocus(other.page, other.page.getByRole('banner').getByRole('button', { name: 'Sign in' }));
    await other.page.keyboard.press('Enter');
    const modal = other.page.getByRole('dialog', { name: 'Sign in to Townhall' });
    await modal.getByLabel('Email').fill(member.person.email);
    await modal.getByLabel('Password', { exact: true }).fill(member.person.password);
    await modal.getByLabel('Password', { exact: true }).press('Enter');
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => focused(other.page)).toBe('h1 Events');
  });

  it('a viewer of a session hears each answer that arrives, through a polite live region', async () => {
    const host = await browser.signedIn('e2e_hear_host');
    const group = await createGroup(host.context.request, { name: 'Heard Live', ama: true });
    const sessionId = await scheduleSession(host.context.request, group.id, {
      title: 'Answers out loud',
      startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      durationMinutes: 60,
    });
    await apiCall(host.context.request, 'POST', `/api/sessions/${sessionId}/start`, undefined, 200);
    const fan = await browser.signedIn('e2e_hear_fan');
    await subscribe(fan.context.request, group.id);
    const questionId = await askQuestion(fan.context.request, group.id, 'Can you hear this one?', sessionId);

    // A visitor, signed out, watches the session page.
    const viewer = await browser.newContext();
    await visit(viewer.page, `/event/${sessionId}`);
    await viewer.page.getByRole('article').filter({ hasText: 'Can you hear this one?' }).waitFor();
    const liveRegions = viewer.page.locator('[aria-live="polite"]');
    expect(await liveRegions.filter({ hasText: 'Can you hear this one?' }).count()).toBe(0);

    // The host answers from another browser.
    await apiCall(host.context.request, 'PUT', `/api/questions/${questionId}/answer`, { body: 'Loud and clear.' });
    const said = liveRegions.filter({ hasText: 'Can you hear this one?' });
    await said.waitFor({ state: 'attached' });
    expect((await said.innerText()).trim()).toMatch(/answered .*question: Can you hear this one\?$/);
  });
});
