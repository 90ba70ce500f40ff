import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { baseUrl, createGroup, groupBySlug, subscribe, useBrowser } from './kit.ts';

const browser = useBrowser();

/** A datetime-local value a little in the future, in the browser's (UTC) time zone. */
function inMinutes(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);
}

describe('a live AMA session, from scheduling to transcript', () => {
  it('the host schedules and runs it; a viewer on a phone watches, asks and sees the answer live', async () => {
    const host = await browser.signedIn('e2e_host');
    const slug = `e2e-ama-${randomBytes(4).toString('hex')}`;
    await createGroup(host.context.request, { name: 'Session Test Group', slug, ama: true });

    // Schedule it from the group page.
    await host.page.goto(`${baseUrl}/group/${slug}?tab=events`);
    await host.page.getByRole('main').getByRole('tab', { name: 'Events' }).click();
    await host.page.getByRole('button', { name: 'Schedule a session' }).click();
    const dialog = host.page.getByRole('dialog', { name: 'Schedule a session' });
    await dialog.getByLabel('Title').fill('Friday bake-along');
    await dialog.getByLabel('Description').fill('Bring your sourdough questions.');
    await dialog.getByLabel('Starts at').fill(inMinutes(30));
    await dialog.getByLabel('Duration (minutes)').fill('45');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await host.page.waitForURL(/\/event\/[0-9a-f-]+$/);
    const sessionUrl = host.page.url();
    await host.page.getByRole('heading', { level: 1, name: 'Friday bake-along' }).waitFor();
    expect(await seriousAccessibilityViolations(host.page)).toEqual([]);

    // The calendar file is real.
    const calendarHref = await host.page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href');
    const calendar = await host.context.request.get(`${baseUrl}${calendarHref ?? ''}`);
    expect(calendar.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await calendar.text()).toContain('SUMMARY:Friday bake-along');

    // A viewer on a phone subscribes to the group and opens the session before it starts.
    const viewer = await browser.signedIn('e2e_viewer', { width: 390, isMobile: true, hasTouch: true });
    await subscribe(viewer.context.request, (await groupBySlug(viewer.context.request, slug)).id);
    await viewer.page.goto(sessionUrl);
    await viewer.page.getByRole('heading', { level: 1, name: 'Friday bake-along' }).waitFor();

    // Both are counted as watching.
    await host.page.getByRole('region', { name: 'Who is watching' }).getByText('2 watching').waitFor();

    // Questions can be asked before the start.
    const question = `Rye or wheat starter? ${randomBytes(2).toString('hex')}`;
    await viewer.page.getByRole('textbox', { name: 'Ask a question' }).fill(question);
    await viewer.page.getByRole('button', { name: 'Ask', exact: true }).click();
    await host.page.getByRole('article', { name: `Question by ${viewer.person.username}` }).waitFor();

    // The host starts the session; the viewer sees it go live without reloading.
    const controls = host.page.getByRole('region', { name: 'Host controls' });
    await controls.getByRole('button', { name: 'Start session' }).click();
    await host.page.getByRole('alertdialog').getByRole('button', { name: 'Start session' }).click();
    await viewer.page.getByRole('main').getByText('Live now', { exact: true }).first().waitFor();

    // The viewer watches the Answered view; the host answers and the answer arrives there live.
    await viewer.page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Answered' }).click();
    const article = host.page.getByRole('article', { name: `Question by ${viewer.person.username}` });
    await article.getByRole('button', { name: 'Answer', exact: true }).click();
    await host.page.getByRole('textbox', { name: 'Answer' }).fill('Rye: it is more forgiving.');
    await host.page.getByRole('button', { name: 'Save answer' }).click();
    await viewer.page.getByText('Rye: it is more forgiving.').waitFor();

    // The host ends it, and the transcript holds the question and the answer.
    await controls.getByRole('button', { name: 'End session' }).click();
    await host.page.getByRole('alertdialog').getByRole('button', { name: 'End session' }).click();
    await viewer.page.getByRole('main').getByText('Ended', { exact: true }).first().waitFor();
    const transcriptHref = await host.page.getByRole('link', { name: 'Transcript (Markdown)' }).getAttribute('href');
    const transcript = await host.context.request.get(`${baseUrl}${transcriptHref ?? ''}`);
    expect(transcript.status()).toBe(200);
    const markdown = await transcript.text();
    expect(markdown).toContain('Friday bake-along');
    expect(markdown).toContain(question);
    expect(markdown).toContain('Rye: it is more forgiving.');
    expect(await seriousAccessibilityViolations(viewer.page)).toEqual([]);
  });
});
