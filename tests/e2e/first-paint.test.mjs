// The first paint is the content: a post page's HTML carries the article before any script runs,
// a reader without JavaScript can read and follow links, and the app takes over with a clean
// console, no request for the post and no layout shift.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

import { expectText, launchBrowser, url, withPage } from './support/browser.mjs';

const demo = JSON.parse(
  await readFile(new URL('../../seed/demo-posts.json', import.meta.url), 'utf8'),
);
const boxedPost = demo.find(
  (p) => p.language === 'en' && p.content.includes('<h2>Key Points</h2>'),
);

test('the post page arrives as HTML with the article, before any script runs', async () => {
  const response = await fetch(url(`/post/${boxedPost.slug}`), {
    headers: { 'Accept-Encoding': 'br' },
  });
  assert.equal(response.status, 200);
  const html = await response.text();
  const root = html.indexOf('<div id="root">');
  assert.ok(root > 0, 'the app root is there');
  assert.ok(html.indexOf('data-testid="post-detail"', root) > root, 'the article is inside the root');
  assert.ok(html.includes('data-testid="post-highlight"'), 'the Key Points box is rendered');
  assert.ok(html.includes('<h2>Key Points</h2>'));
  assert.ok(html.includes('<script type="application/json" id="page-data">'));
  assert.ok(html.includes('<meta name="blog-session" content="absent" />'));
});

test('with JavaScript off a reader reads the post and follows its links', async () => {
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await page.context().route('**/*.js', (route) => route.abort());
    await page.goto(url(`/post/${boxedPost.slug}`));
    await expectText(page.getByTestId('post-title'), boxedPost.title);
    assert.ok((await page.getByTestId('post-highlight').count()) > 0);
    await page.getByTestId('post-back-home').click();
    await page.waitForURL(url('/'));
  } finally {
    await browser.close();
  }
});

test('the app takes over the post page with no console error, request or shift', async (t) => {
  await withPage(t, async (page) => {
    const consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const apiCalls = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      // The post and the user travel in the page; the related posts under the article are fetched
      // after takeover (they are not in the page data yet).
      if ((pathname.startsWith('/api/posts/') && !pathname.endsWith('/related')) || pathname === '/api/user')
        apiCalls.push(pathname);
    });
    await page.addInitScript(() => {
      window.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (!entry.hadRecentInput) window.layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url(`/post/${boxedPost.slug}`));
    // Only the app renders the share control: it is there once React has taken over.
    await page.getByTestId('post-cover').locator('button').first().waitFor();
    await expectText(page.getByTestId('post-title'), boxedPost.title);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(consoleErrors, []);
    assert.deepEqual(apiCalls, [], 'neither the post nor the user was asked for again');
    const shift = await page.evaluate(() => window.layoutShift);
    assert.ok(shift < 0.05, `layout shift ${shift}`);
  });
});
