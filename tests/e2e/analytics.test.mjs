// Analytics in Chromium (issue 26): a reader's views of a post, served and through the app's
// beacon, show up for the admin on Admin → Analytics, as the chart and as its tables.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { expectText, url, withPage } from './support/browser.mjs';

const ADMIN_USER = process.env.BLOG_ADMIN_USER ?? 'admin';
const ADMIN_PASSWORD = process.env.BLOG_ADMIN_PASSWORD ?? '';
// Headless Chromium names itself HeadlessChrome, which the server counts as a bot (so the other
// e2e files count nothing); the reader here says it is an ordinary Chromium.
const READER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

async function signIn(page) {
  assert.ok(ADMIN_PASSWORD, 'BLOG_ADMIN_PASSWORD is not set (tools/e2e sets it)');
  await page.goto(url('/auth'));
  await page.getByLabel('Username or Email').fill(ADMIN_USER);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((current) => current.pathname === '/');
}

test('views a reader makes show on Admin → Analytics as a chart and its tables', async (t) => {
  const posts = await (await fetch(url('/api/posts?language=en'))).json();
  // The newest English post: a card on the home page, for the app's own navigation to it.
  const post = posts[0];
  assert.ok(post?.slug, 'the demo posts are seeded (tools/e2e)');

  await withPage(t, async (page) => {
    await page.setExtraHTTPHeaders({ 'User-Agent': READER_AGENT });
    // Two served pages of the post...
    for (let i = 0; i < 2; i += 1) {
      const response = await page.goto(url(`/post/${post.slug}`));
      assert.equal(response?.status(), 200);
    }
    // ...and one navigation in the app, counted by its beacon (204).
    await page.goto(url('/'));
    const beacon = page.waitForResponse(
      (response) => response.url().endsWith('/api/views') && response.request().method() === 'POST',
    );
    await page.locator(`a[href="/post/${post.slug}"]`).first().click();
    await page.waitForURL((current) => current.pathname === `/post/${post.slug}`);
    assert.equal((await beacon).status(), 204);
  });

  await withPage(t, async (page) => {
    await signIn(page);
    await page.goto(url('/admin'));
    await page.getByTestId('admin-analytics-link').click();
    await page.waitForURL((current) => current.pathname === '/admin/analytics');
    await expectText(page.getByTestId('page-title'), 'Analytics');
    // The screen has an address of its own: loaded directly, the server answers it too.
    assert.equal((await page.reload())?.status(), 200);
    await expectText(page.getByTestId('page-title'), 'Analytics');

    const card = page.getByTestId('analytics-card');
    const row = card
      .getByTestId('analytics-top-posts')
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: post.title, exact: true }) });
    await expectText(row.getByRole('cell').nth(1), '3');

    // The chart is drawn (uPlot's canvas) and named by the figures it shows.
    const chart = card.getByTestId('analytics-chart');
    await chart.locator('canvas').first().waitFor();
    const label = await chart.getAttribute('aria-label');
    const total = Number(/: (\d+) views/.exec(label ?? '')?.[1]);
    assert.ok(total >= 4, `the chart counts the post's views and the home page's: ${label}`);

    // Its table says the same per day: today's row holds them.
    await card.getByText('Views and visitors per day', { exact: true }).click();
    const days = card.getByTestId('analytics-days-table').getByRole('row');
    const today = (await days.last().getByRole('cell').allTextContents()).map((s) => s.trim());
    assert.equal(today[0], new Date().toISOString().slice(0, 10));
    assert.equal(Number(today[1]), total);
    assert.ok(Number(today[2]) >= 1, `visitors today: ${today[2]}`);

    // The 7/30/90 switch asks again and keeps the post's figure.
    await card.getByRole('tab', { name: 'Last 7 days' }).click();
    await expectText(row.getByRole('cell').nth(1), '3');
    // A week of days in the table (the new answer draws it closed: rows counted as elements).
    assert.equal(await card.getByTestId('analytics-days-table').locator('tbody tr').count(), 7);
  });
});
