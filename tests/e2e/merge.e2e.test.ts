import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { apiCall, askQuestion, baseUrl, createGroup, subscribe, useBrowser } from './kit.ts';

const browser = useBrowser();

describe('merging duplicate questions', () => {
  it('the host merges a near-duplicate; another viewer sees it go with its votes pooled, live; the undo brings both back', async () => {
    const host = await browser.signedIn('e2e_merge_host');
    const group = await createGroup(host.context.request, { name: 'Merge Test Group', ama: true });
    const first = await browser.signedIn('e2e_merge_a');
    // the second asker watches on a phone
    const second = await browser.signedIn('e2e_merge_b', { width: 390, height: 844, isMobile: true, hasTouch: true });
    await subscribe(first.context.request, group.id);
    await subscribe(second.context.request, group.id);

    const kept = 'How do you plan your week of recording videos?';
    const duplicate = 'How do you plan your week of recording?';
    const keptId = await askQuestion(first.context.request, group.id, kept);
    const duplicateId = await askQuestion(second.context.request, group.id, duplicate);
    // the second asker votes for the first question; the host for the duplicate
    await apiCall(second.context.request, 'PUT', `/api/likes/question/${keptId}`, undefined, 200);
    await apiCall(host.context.request, 'PUT', `/api/likes/question/${duplicateId}`, undefined, 200);

    const viewer = second.page;
    await viewer.goto(`${baseUrl}/group/${group.slug}?tab=questions`);
    const viewerQueue = viewer.getByRole('list', { name: 'Questions' });
    await viewerQueue.getByText(duplicate).waitFor();
    await expect.poll(() => viewer.getByTestId(`like-count-${keptId}`).innerText()).toBe('1');

    const hostPage = host.page;
    await hostPage.goto(`${baseUrl}/group/${group.slug}?tab=questions`);
    const card = hostPage.getByRole('list', { name: 'Questions' }).getByRole('article').filter({ hasText: duplicate });
    await card.getByRole('button', { name: 'Possible duplicates' }).click();
    const candidates = card.getByRole('list', { name: 'Possible duplicates' });
    await candidates.getByText(kept).waitFor();
    expect(await seriousAccessibilityViolations(hostPage)).toEqual([]);
    await candidates.getByRole('button', { name: `Merge into this: ${kept}` }).click();
    await hostPage
      .getByRole('region', { name: /^Notifications/ })
      .getByText(`Merged into “${kept}”`)
      .waitFor();
    // the toast offers the undo
    await hostPage
      .getByRole('region', { name: /^Notifications/ })
      .getByRole('button', { name: 'Undo' })
      .waitFor();

    // The other viewer, without a reload: the duplicate left, the votes pooled (the host's joins;
    // the second asker, who voted for both, is counted once).
    await viewerQueue.getByText(duplicate).waitFor({ state: 'detached' });
    await expect.poll(() => viewer.getByTestId(`like-count-${keptId}`).innerText()).toBe('2');

    // The merged question's own page says where it went.
    await viewer.goto(`${baseUrl}/group/${group.slug}/question/${duplicateId}`);
    const note = viewer.getByRole('note');
    await note.getByText(`“${kept}”`).waitFor();
    expect(await note.innerText()).toContain('Merged into');
    expect(await note.getByRole('link').getAttribute('href')).toBe(`/group/${group.slug}/question/${keptId}`);
    const width = await viewer.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    // The host undoes it from the merged question's page; the viewer's queue has both again.
    await viewer.goto(`${baseUrl}/group/${group.slug}?tab=questions`);
    await viewerQueue.getByText(kept).waitFor();
    await hostPage.goto(`${baseUrl}/group/${group.slug}/question/${duplicateId}`);
    await hostPage.getByRole('button', { name: 'Undo merge' }).click();
    await hostPage
      .getByRole('region', { name: /^Notifications/ })
      .getByText('Merge undone')
      .waitFor();
    await viewerQueue.getByText(duplicate).waitFor();
    await expect.poll(() => viewer.getByTestId(`like-count-${keptId}`).innerText()).toBe('1');
    await expect.poll(() => viewer.getByTestId(`like-count-${duplicateId}`).innerText()).toBe('1');
  });
});
