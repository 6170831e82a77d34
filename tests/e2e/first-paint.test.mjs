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
  assert.ok(
    html.indexOf('data-testid="post-detail"', root) > root,
    'the article is inside the root',
  );
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

/**
 * Watches a page from before it loads: the errors it logs in the console, the API calls it makes
 * and the layout shift it accumulates (shift() reads it).
 */
async function watchTakeover(page) {
  const consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const apiCalls = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) apiCalls.push(pathname);
  });
  await page.addInitScript(() => {
    window.layoutShift = 0;
    window.layoutShifts = [];
    const describe = (node) => {
      if (!node || !node.tagName) return String(node?.nodeName ?? node);
      const id = node.getAttribute('data-testid');
      return `${node.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}.${String(node.className).slice(0, 60)}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        window.layoutShift += entry.value;
        window.layoutShifts.push({
          value: Number(entry.value.toFixed(4)),
          at: Math.round(entry.startTime),
          ready: document.documentElement.dataset.appReady === 'true',
          sources: (entry.sources ?? []).map((s) => ({
            node: describe(s.node),
            from: [s.previousRect.y, s.previousRect.height].map(Math.round),
            to: [s.currentRect.y, s.currentRect.height].map(Math.round),
          })),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The shift, and what moved (in the message of a failed assertion).
  const shift = async () => {
    const { total, shifts } = await page.evaluate(() => ({
      total: window.layoutShift,
      shifts: window.layoutShifts,
    }));
    if (total >= 0.05) console.log(`# layout shifts: ${JSON.stringify(shifts)}`);
    return total;
  };
  return { consoleErrors, apiCalls, shift };
}

test('the app takes over the post page with no console error, request or shift', async (t) => {
  await withPage(t, async (page) => {
    const { consoleErrors, apiCalls, shift: layoutShift } = await watchTakeover(page);
    await page.goto(url(`/post/${boxedPost.slug}`));
    // Only the app renders the share control: it is there once React has taken over.
    await page.getByTestId('post-cover').locator('button').first().waitFor();
    await expectText(page.getByTestId('post-title'), boxedPost.title);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(consoleErrors, []);
    assert.deepEqual(apiCalls, [], 'neither the post, the settings nor the user was asked for');
    const shift = await layoutShift();
    assert.ok(shift < 0.05, `layout shift ${shift}`);
  });
});

// 'payments' finds English posts (the count appears above them); 'platby' finds none in English,
// so 'No results found' and the spelling suggestion show instead.

for (const query of ['payments', 'platby', 'payments&category=Fintech']) {
  test(`the search page for '${query}' arrives as HTML and the app takes over with no request or shift`, async (t) => {
    const html = await (await fetch(url(`/search?q=${query}`))).text();
    assert.ok(html.indexOf('data-testid="search-results"') > html.indexOf('<div id="root">'));
    assert.ok(html.includes('<script type="application/json" id="page-data">'));
    await withPage(t, async (page) => {
      await page.setViewportSize({ width: 412, height: 823 });
      const { apiCalls, shift: layoutShift } = await watchTakeover(page);
      await page.goto(url(`/search?q=${query}`));
      await page.getByTestId('back-link').locator('svg').waitFor();
      // The filters load on demand into the room kept for them.
      await page.getByTestId('search-refinements').waitFor();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(apiCalls, [], 'the answer and the settings came with the page');
      const shift = await layoutShift();
      assert.ok(shift < 0.05, `layout shift ${shift}`);
    });
  });

  test(`the search page for '${query}' does not move when a late answer replaces the placeholders, on a phone`, async (t) => {
    await withPage(t, async (page) => {
      await page.setViewportSize({ width: 412, height: 823 });
      // A Czech + English reader's list is not the one the server rendered: the app asks for it,
      // and the answer comes late, as on slow 4G.
      await page.addInitScript(() => window.localStorage.setItem('contentLanguage', 'cs'));
      await page.route('**/api/search?**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
      const { shift: layoutShift } = await watchTakeover(page);
      await page.goto(url(`/search?q=${query}`));
      await page.getByTestId('post-grid-loading').waitFor();
      await page.getByTestId('post-grid-loading').waitFor({ state: 'detached' });
      await page.waitForLoadState('networkidle');
      const shift = await layoutShift();
      assert.ok(shift < 0.05, `layout shift ${shift}`);
    });
  });
}

test('a category page arrives as HTML and the app takes over with no request or shift', async (t) => {
  const html = await (await fetch(url('/category/Fintech'))).text();
  const root = html.indexOf('<div id="root">');
  assert.ok(html.indexOf('data-testid="page-title"', root) > root);
  assert.ok(html.includes('data-testid="post-card"'));
  assert.ok(html.includes('aria-current="page"'), 'the category is active in the filters');
  await withPage(t, async (page) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const { apiCalls, shift: layoutShift } = await watchTakeover(page);
    await page.goto(url('/category/Fintech'));
    await page.getByTestId('back-link').locator('svg').waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(apiCalls, []);
    assert.equal(await page.getByTestId('page-title').textContent(), 'Fintech');
    const shift = await layoutShift();
    assert.ok(shift < 0.05, `layout shift ${shift}`);
  });
});

test('the home page arrives as HTML with the hero and the cards, before any script runs', async () => {
  const response = await fetch(url('/'));
  assert.equal(response.status, 200);
  const html = await response.text();
  const root = html.indexOf('<div id="root">');
  assert.ok(root > 0, 'the app root is there');
  assert.ok(html.indexOf('data-testid="hero-title"', root) > root, 'the hero is inside the root');
  const newestEnglish = demo.filter((p) => p.language === 'en').length;
  assert.equal(html.split('data-testid="post-card"').length - 1, Math.min(12, newestEnglish));
  assert.ok(html.includes('data-testid="content-filters"'));
  const data = JSON.parse(
    html.match(/<script type="application\/json" id="page-data">(.*?)<\/script>/s)[1],
  );
  assert.equal(data.siteSettings.siteTitle.length > 0, true);
  assert.ok(data.categories.includes('Fintech'));
  assert.equal(data.posts.language, 'en');
  assert.equal(data.posts.items.length, Math.min(12, newestEnglish));
});

test('the app takes over the home page on a phone with no request, console error or shift', async (t) => {
  await withPage(t, async (page) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const { consoleErrors, apiCalls, shift: layoutShift } = await watchTakeover(page);
    await page.goto(url('/'));
    // Only the app draws the icons: the badge's is there once React has taken over.
    await page.getByTestId('hero-badge').locator('svg').waitFor();
    await page.getByTestId('post-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(consoleErrors, []);
    assert.deepEqual(
      apiCalls,
      [],
      'neither the settings, the categories nor the posts were asked for',
    );
    const shift = await layoutShift();
    assert.ok(shift < 0.05, `layout shift ${shift}`);
  });
});

// A reader who chose Czech (interface and content): the app copies both choices into cookies,
// and the server paints the page in Czech from them, so the app's first render is the same page.
async function asCzechReader(page) {
  await page.context().addCookies([
    { name: 'language', value: 'cs', url: url('/') },
    { name: 'contentLanguage', value: 'cs', url: url('/') },
  ]);
  await page.addInitScript(() => {
    window.localStorage.setItem('language', 'cs');
    window.localStorage.setItem('contentLanguage', 'cs');
  });
}

const czechPages = [
  {
    path: '/',
    ready: (page) => page.getByTestId('hero-badge').locator('svg'),
    text: 'Nejnovější příspěvky',
  },
  {
    path: '/category/Fintech',
    ready: (page) => page.getByTestId('back-link').locator('svg'),
    text: 'Zpět na všechny příspěvky',
  },
  {
    path: '/search?q=platby',
    ready: (page) => page.getByTestId('back-link').locator('svg'),
    text: 'Výsledky hledání pro „platby“',
  },
  {
    path: `/post/${demo.find((p) => p.language === 'cs').slug}`,
    ready: (page) => page.getByTestId('post-cover').locator('button').first(),
    text: 'Zpět na všechny příspěvky',
  },
];

for (const { path, ready, text } of czechPages) {
  test(`a Czech reader's ${path} arrives in Czech and the app takes over with no request or shift, on a phone`, async (t) => {
    const html = await (
      await fetch(url(path), { headers: { Cookie: 'language=cs; contentLanguage=cs' } })
    ).text();
    assert.ok(html.includes(text), `the server wrote '${text}'`);
    assert.ok(!html.includes('Back to all posts'));
    await withPage(t, async (page) => {
      await page.setViewportSize({ width: 412, height: 823 });
      await asCzechReader(page);
      const { consoleErrors, apiCalls, shift: layoutShift } = await watchTakeover(page);
      await page.goto(url(path));
      await ready(page).waitFor();
      await page.waitForLoadState('networkidle');
      assert.ok((await page.locator('#root').textContent()).includes(text));
      assert.deepEqual(consoleErrors, []);
      assert.deepEqual(apiCalls, [], 'the page came with everything the app shows');
      const shift = await layoutShift();
      assert.ok(shift < 0.05, `layout shift ${shift}`);
    });
  });
}

test('with JavaScript off a reader goes from the home page to a category, a post and a search', async () => {
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await page.context().route('**/*.js', (route) => route.abort());
    await page.goto(url('/'));
    await page.getByTestId('category-filter-item').filter({ hasText: 'Fintech' }).click();
    await page.waitForURL(url('/category/Fintech'));
    await expectText(page.getByTestId('page-title'), 'Fintech');
    const card = page.getByTestId('post-card-title').first();
    const title = await card.textContent();
    await card.click();
    await page.waitForURL(/\/post\//);
    await expectText(page.getByTestId('post-title'), title);
    await page.goto(url('/'));
    await page.getByTestId('search-input').first().fill('payments');
    await page.getByTestId('search-button').first().click();
    await page.waitForURL(url('/search?q=payments'));
    assert.ok((await page.getByTestId('post-card').count()) > 0, 'the results are there');
  } finally {
    await browser.close();
  }
});

// The hero image (75% wide, height 'auto') arriving after the first paint, as on slow 4G, used to
// push everything under the hero down by its height.
test('the home page does not move when the hero image arrives late, on a phone', async (t) => {
  await withPage(t, async (page) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.route('**/uploads/payments-hero.svg', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const { shift: layoutShift } = await watchTakeover(page);
    await page.goto(url('/'));
    await page.getByTestId('hero-badge').locator('svg').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="hero-image"]')?.complete,
    );
    await page.waitForLoadState('networkidle');
    const shift = await layoutShift();
    assert.ok(shift < 0.05, `layout shift ${shift}`);
  });
});
