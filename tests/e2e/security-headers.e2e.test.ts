import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './kit.ts';

const browser = useBrowser();

describe('the Content-Security-Policy in the browser', () => {
  it('refuses an injected inline script and a foreign image, and the test sees both', async () => {
    const { page, problems } = await browser.newContext();
    await page.goto(`${baseUrl}/`);
    await page.getByRole('status').filter({ hasText: 'API: ok' }).waitFor();
    await page.evaluate(`
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      const image = document.createElement('img');
      image.src = 'https://tracker.invalid/pixel.gif';
      document.body.append(image);
    `);
    expect(await page.evaluate('window.injected === true')).toBe(false);
    await expect
      .poll(() =>
        problems.filter((problem) => problem.includes('CSP violation:')).map((problem) => problem.split(' ')[4]),
      )
      .toEqual(expect.arrayContaining(['script-src-elem', 'img-src']));
    // What these problems prove is the point of this test (Chromium reports the refused image's
    // request before refusing it); any other one still fails it.
    problems.splice(
      0,
      problems.length,
      ...problems.filter((problem) => !/Content Security Policy|CSP violation|tracker\.invalid/.test(problem)),
    );
  });

  it('keeps the app out of other sites’ frames', async () => {
    const { page, problems } = await browser.newContext();
    // Another page (here one with no origin of its own) frames the app; setContent waits for the frame's load.
    await page.setContent(`<iframe title="framed" src="${baseUrl}/ui-library"></iframe>`);
    const frame = page.frames().find((item) => item !== page.mainFrame());
    expect(frame).toBeDefined();
    // A refused frame holds Chromium's error page, never the app.
    expect(await frame?.evaluate('document.getElementById("root") === null')).toBe(true);
    problems.splice(
      0,
      problems.length,
      ...problems.filter((problem) => !/frame-ancestors|X-Frame-Options/.test(problem)),
    );
  });

  it('lets the API docs run under it', async () => {
    const { page } = await browser.newContext();
    await page.goto(`${baseUrl}/api/docs/`);
    await page.getByRole('heading', { name: /Townhall API/ }).waitFor();
    // the tags open folded; opening one draws its operations
    await page.locator('#operations-tag-health').click();
    await page.getByText('/api/health').first().waitFor();
  });
});
