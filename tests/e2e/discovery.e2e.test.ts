import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { apiCall, baseUrl, createGroup, groupBySlug, newPerson, useBrowser } from './kit.ts';

const browser = useBrowser();

describe('a newcomer finds their way', () => {
  it('opens /, signs up, finds a creator by a misspelled search, likes a post through the gate and sees it on /home', async () => {
    // A creator with a live Q&A group and a post in it.
    const creatorSide = await browser.signedIn('e2e_creator');
    const creator = creatorSide.person;
    await apiCall(creatorSide.context.request, 'PATCH', `/api/users/${creatorSide.id}/profile`, {
      name: 'Ottoline Brackenbury',
    });
    const slug = `letterpress-${randomBytes(3).toString('hex')}`;
    await createGroup(creatorSide.context.request, {
      name: 'Letterpress Night School',
      slug,
      description: 'Ink, lead type and patience.',
      ama: true,
    });
    const group = await groupBySlug(creatorSide.context.request, slug);
    await apiCall(creatorSide.context.request, 'POST', `/api/groups/${group.id}/posts`, {
      body: 'Tonight: setting a poster in **wood type**.',
    });

    // The newcomer lands on the home page for visitors and signs up.
    const { page } = await browser.newContext();
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Townhall', level: 1 }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Create your account' }).first().click();
    await page.waitForURL(`${baseUrl}/signup`);
    const newcomer = newPerson('e2e_newcomer');
    await page.getByLabel('Email').fill(newcomer.email);
    await page.getByLabel('Username').fill(newcomer.username);
    await page.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).waitFor();

    // The top bar's search forgives the typos.
    const search = page.getByRole('banner').getByRole('combobox');
    await search.fill('Otoline Brakenbury');
    const suggestion = page.getByRole('option', { name: /Ottoline Brackenbury/ });
    await suggestion.waitFor();
    expect(await page.getByRole('option').count()).toBeLessThanOrEqual(10);
    await suggestion.click();
    await page.waitForURL(`${baseUrl}/${creator.username}`);

    // The creator's profile lists the group; its post gets a like through the subscribe gate.
    await page.getByRole('main').getByRole('link', { name: 'Letterpress Night School' }).first().click();
    await page.waitForURL(`${baseUrl}/group/${slug}`);
    const post = page.getByRole('article', { name: /Post by Ottoline Brackenbury/ });
    await post.getByText('wood type').waitFor();
    await post.getByRole('button', { name: /Like/ }).click();
    const gate = page.getByRole('dialog', { name: 'Subscribe to like' });
    await gate.waitFor();
    await gate.getByRole('button', { name: 'Subscribe & Like' }).click();
    await gate.waitFor({ state: 'detached' });
    await page.getByRole('main').getByRole('button', { name: 'Unsubscribe' }).waitFor();
    await expect.poll(async () => post.getByRole('button', { name: /Like/ }).getAttribute('aria-pressed')).toBe('true');

    // Home shows the subscription and the post.
    await page.goto(`${baseUrl}/home`);
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    const main = page.getByRole('main');
    await main.getByRole('list', { name: 'Your subscriptions' }).getByText('Letterpress Night School').waitFor();
    await main.getByRole('list', { name: 'Latest posts and answers' }).getByText('wood type').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('a signed-in person opening / goes to /home; the search page shows tabs of results', async () => {
    const { page } = await browser.signedIn('e2e_searcher');
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(`${baseUrl}/home`);

    const search = page.getByRole('banner').getByRole('combobox');
    await search.fill('letterpress');
    await search.press('Enter');
    await page.waitForURL(`${baseUrl}/search?q=letterpress`);
    const tabs = page.getByRole('tablist');
    for (const name of ['People', 'Groups', 'Questions', 'Posts']) await tabs.getByRole('tab', { name }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
