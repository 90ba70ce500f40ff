import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { apiCall, baseUrl, newPerson, signUpByApi, useBrowser, type ContextOptions, type Person } from './kit.ts';

const browser = useBrowser();
let context: BrowserContext;
let page: Page;
let problems: string[];

/** A new context (a browser at its own address): `context`, `page` and `problems` are its. */
async function newContext(options: ContextOptions = {}) {
  ({ context, page, problems } = await browser.newContext(options));
}

/** Signs a person up through the API; the session cookie stays in the context unless `keepSignedIn` is false. */
async function seedPerson(person: Person, { keepSignedIn }: { keepSignedIn: boolean }) {
  await signUpByApi(context.request, person);
  if (!keepSignedIn) await context.clearCookies();
}

async function userIdOf(username: string): Promise<string> {
  return (
    await apiCall<{ profile: { id: string } }>(context.request, 'GET', `/api/profiles/${username}`, undefined, 200)
  ).profile.id;
}

async function expectNoSeriousViolations() {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

/** A small real PNG (a 48 × 48 gradient), made here so the test needs no file. */
function gradientPng(size = 48): Buffer {
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y += 1) {
    const row = y * (1 + size * 3);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x += 1) {
      raw[row + 1 + x * 3] = Math.round((x / size) * 255);
      raw[row + 2 + x * 3] = Math.round((y / size) * 255);
      raw[row + 3 + x * 3] = 160;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Whether `picture` shows one of our image renditions. The avatar puts its <img> in the page only
 * once the picture has loaded, so finding it is the proof; the file itself is checked too.
 */
async function expectOurPicture(picture: ReturnType<Page['locator']>) {
  await picture.waitFor();
  const src = (await picture.getAttribute('src')) ?? '';
  expect(src).toMatch(/^\/media\/images\/[0-9a-f-]+\/s\d+\.(webp|avif)$/);
  const file = await context.request.get(`${baseUrl}${src}`);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toMatch(/^image\/(webp|avif)/);
}

describe('profiles', () => {
  it('signs up, uploads an avatar, changes the username, and the old link lands on the new one', async () => {
    const person = newPerson('e2e');
    await newContext();
    await page.goto(`${baseUrl}/signup`);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Username').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${baseUrl}/`);

    // The avatar menu leads to the profile page; /settings opens the profile settings first.
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(`${baseUrl}/${person.username}`);
    await page.getByRole('heading', { level: 1, name: person.username }).waitFor();
    await page.getByText('No groups yet').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Edit profile' }).click();
    await page.waitForURL(`${baseUrl}/settings/profile`);
    await page.getByRole('heading', { name: 'Profile', level: 2 }).waitFor();
    await expectNoSeriousViolations();

    // Upload a picture through the file picker.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload picture' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: gradientPng() });
    await page.getByText('Profile picture updated').waitFor();
    await page.getByRole('button', { name: 'Remove picture' }).waitFor();
    await expectOurPicture(page.getByRole('img', { name: 'Your profile picture' }));

    // Name, quote and a new username.
    const newUsername = `${person.username}_new`;
    await page.getByLabel('Name', { exact: true }).fill('Ada E2E');
    await page.getByLabel('Quote').fill('Testing in public.');
    await page.getByLabel('Username').fill(newUsername.toUpperCase());
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText(`Your username is now @${newUsername}`).waitFor();
    await page
      .getByText(`Links to your old address, /${person.username}, keep working: they lead to /${newUsername}.`)
      .waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe(newUsername);

    // The old link, opened as a new page load, lands on the new handle.
    await page.goto(`${baseUrl}/${person.username}`);
    await page.waitForURL(`${baseUrl}/${newUsername}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Ada E2E' }).waitFor();
    await main.getByText(`@${newUsername}`).waitFor();
    await main.getByText('Testing in public.').waitFor();
    await expect.poll(() => page.title()).toBe(`Ada E2E (@${newUsername}) · Townhall`);
    await expectOurPicture(main.getByRole('img', { name: 'Profile picture of Ada E2E' }));
    await expectNoSeriousViolations();

    // In any case, and by id.
    const id = await userIdOf(newUsername);
    await page.goto(`${baseUrl}/user/${id}`);
    await page.waitForURL(`${baseUrl}/${newUsername}`);
    await page.goto(`${baseUrl}/${newUsername.toUpperCase()}/followers`);
    await page.waitForURL(`${baseUrl}/${newUsername}/followers`);
    await main.getByText('No followers yet').waitFor();
    await expectNoSeriousViolations();
  });

  it('follows someone from the hover card on a followers list, and every count agrees', async () => {
    await newContext();
    const creator = newPerson('e2e_creator');
    const fan = newPerson('e2e_fan');
    const viewer = newPerson('e2e_viewer');
    await seedPerson(creator, { keepSignedIn: false });
    await seedPerson(fan, { keepSignedIn: true });
    const creatorId = await userIdOf(creator.username);
    await apiCall(context.request, 'PUT', `/api/users/${creatorId}/follow`, undefined, 200);
    await context.clearCookies();
    // The browser is the viewer from here on.
    await seedPerson(viewer, { keepSignedIn: true });

    await page.goto(`${baseUrl}/${creator.username}/followers`);
    const list = page.getByRole('list', { name: 'Followers' });
    const fanLink = list.getByRole('link', { name: fan.username });
    await fanLink.waitFor();
    await page.getByRole('main').getByRole('link', { name: '1 follower', exact: true }).waitFor();
    await expectNoSeriousViolations();

    // The hover card opens after the spec's delay, with the fan's mini profile.
    await fanLink.hover();
    const card = page.locator('[data-slot="hover-card-content"]');
    await card.getByText(`@${fan.username}`).waitFor();
    await card.getByRole('link', { name: '0 followers' }).waitFor();
    await card.getByRole('link', { name: '1 following' }).waitFor();
    await card.getByRole('button', { name: `Follow ${fan.username}` }).click();
    await card.getByRole('button', { name: `Unfollow ${fan.username}` }).waitFor();
    await card.getByRole('link', { name: '1 follower', exact: true }).waitFor();
    // The list row of the same person agrees at once.
    await list.getByRole('button', { name: `Unfollow ${fan.username}` }).waitFor();
    await list.getByText('1 follower', { exact: true }).waitFor();

    // The server agrees too: the fan's page after a reload, and the viewer's own following.
    await page.goto(`${baseUrl}/${fan.username}`);
    await page.getByRole('main').getByRole('link', { name: '1 follower', exact: true }).waitFor();
    await page
      .getByRole('main')
      .getByRole('button', { name: `Unfollow ${fan.username}` })
      .waitFor();
    await page.goto(`${baseUrl}/profile`);
    await page.waitForURL(`${baseUrl}/${viewer.username}`);
    await page.getByRole('main').getByRole('link', { name: '1 following' }).click();
    await page.waitForURL(`${baseUrl}/${viewer.username}/following`);
    await page.getByRole('list', { name: 'Following' }).getByRole('link', { name: fan.username }).waitFor();

    // Unfollow from the profile page.
    await page.goto(`${baseUrl}/${fan.username}`);
    await page
      .getByRole('main')
      .getByRole('button', { name: `Unfollow ${fan.username}` })
      .click();
    await page
      .getByRole('main')
      .getByRole('button', { name: `Follow ${fan.username}` })
      .waitFor();
    await page.getByRole('main').getByRole('link', { name: '0 followers' }).waitFor();
    await page.reload();
    await page.getByRole('main').getByRole('link', { name: '0 followers' }).waitFor();
  });

  it('signed out, Follow opens the sign-in modal; an unknown handle is a 404 page', async () => {
    await newContext();
    const creator = newPerson('e2e_creator');
    await seedPerson(creator, { keepSignedIn: false });

    await page.goto(`${baseUrl}/${creator.username}`);
    await page
      .getByRole('main')
      .getByRole('button', { name: `Follow ${creator.username}` })
      .click();
    await page.getByRole('dialog', { name: 'Sign in to Townhall' }).waitFor();
    await page.keyboard.press('Escape');

    const response = await page.goto(`${baseUrl}/nobody_${randomBytes(4).toString('hex')}`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found · Townhall');
    // Chromium logs the 404 of the page itself as a console error; that one is the point here.
    await expect
      .poll(() => problems.filter((problem) => problem.includes('status of 404')).length)
      .toBeGreaterThanOrEqual(1);
    problems.splice(0, problems.length, ...problems.filter((problem) => !problem.includes('status of 404')));
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`fits a 375 px phone in ${colorScheme}, with no serious accessibility problem`, async () => {
      await newContext({ width: 375, colorScheme, isMobile: true, hasTouch: true });
      const person = newPerson('e2e');
      await seedPerson(person, { keepSignedIn: true });
      await apiCall(
        context.request,
        'PATCH',
        `/api/users/${await userIdOf(person.username)}/profile`,
        { name: 'A rather long display name for a phone', quote: 'Short and sweet, or long and winding.' },
        200,
      );

      for (const path of [`/${person.username}`, `/${person.username}/following`, '/settings/profile']) {
        await page.goto(`${baseUrl}${path}`);
        await page.getByRole('main').getByRole('heading').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
        await expectNoSeriousViolations();
      }
    });
  }
});
