// Reading: the home page's post list and content-language filter, category pages, post pages in
// both interface languages, and the missing-post screen. Runs against the demo posts that
// tools/e2e seeds (12 English, 12 Czech, in the six built-in categories).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

import { expectText, url, withPage } from './support/browser.mjs';

const demo = JSON.parse(
  await readFile(new URL('../../seed/demo-posts.json', import.meta.url), 'utf8'),
);
const englishTitles = new Set(demo.filter((p) => p.language === 'en').map((p) => p.title));
const czechTitles = new Set(demo.filter((p) => p.language === 'cs').map((p) => p.title));

// An HTML demo post with a 'Key Points' box and a 'Conclusion'.
const boxedPost = demo.find(
  (p) => p.language === 'en' && p.content.includes('<h2>Key Points</h2>'),
);

const ENGLISH_DATE =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/;
const CZECH_DATE = /^\d{1,2}\. \p{L}+ \d{4}$/u;

/** The dates the browser should show, computed the same way in this (same-machine) process. */
function expectedDates(iso) {
  const date = new Date(iso);
  const options = { day: 'numeric', month: 'long', year: 'numeric' };
  return {
    en: new Intl.DateTimeFormat('en-US', options).format(date),
    cs: new Intl.DateTimeFormat('cs-CZ', options).format(date),
  };
}

async function cardTitles(page) {
  await page.getByTestId('post-card').first().waitFor();
  return (await page.getByTestId('post-card-title').allTextContents()).map((t) => t.trim());
}

/** Polls the card titles until `accept` holds (or 15 s pass) and returns the last ones seen. */
async function waitForTitles(page, accept) {
  const deadline = Date.now() + 15_000;
  let titles = await cardTitles(page);
  while (!accept(titles) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    titles = await cardTitles(page);
  }
  return titles;
}

async function waitForToast(page, title, description) {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.first().waitFor();
  await expectText(toast.first().getByText(description, { exact: true }), description);
}

test('the home page lists the English demo posts as cards', async (t) => {
  await withPage(t, async (page) => {
    await page.goto(url('/'));
    const titles = await cardTitles(page);

    assert.equal(titles.length, englishTitles.size, 'every English post on the first page');
    for (const title of titles) assert.ok(englishTitles.has(title), `English post: ${title}`);
    await expectText(
      page.getByTestId('featured-posts').getByRole('heading').first(),
      'Featured Posts',
    );

    const card = page.getByTestId('post-card').first();
    assert.match((await card.getByTestId('post-card-date').textContent()).trim(), ENGLISH_DATE);
    await expectText(card.getByTestId('post-card-read-more'), 'Read more →');
    const slug = await card.getAttribute('data-slug');
    assert.equal(
      await card.getByTestId('post-card-read-more').getAttribute('href'),
      `/post/${slug}`,
    );
    assert.ok(await card.locator('img').getAttribute('src'), 'cover image');
    assert.equal(
      await page.getByRole('link', { name: 'Edit post' }).count(),
      0,
      'no edit for visitors',
    );

    const filters = page.getByTestId('content-filters');
    await expectText(filters.getByRole('heading', { name: 'Content Filters' }), 'Content Filters');
    assert.equal(
      await filters.getByRole('radio', { name: 'English only' }).getAttribute('aria-checked'),
      'true',
    );
    assert.equal(await filters.getByTestId('category-filter-item').count(), 6);
    assert.equal(await page.getByTestId('home-sign-in').getAttribute('href'), '/auth');
  });
});

test('the cover download button saves the image and says so', async (t) => {
  await withPage(t, async (page) => {
    await page.goto(url('/'));
    const card = page.getByTestId('post-card').first();
    await card.waitFor();
    const slug = await card.getAttribute('data-slug');
    // seed-demo stores each shipped drawing as an upload (JPEG): §2 names the file cover-image.jpg.
    const { coverImage } = await (await fetch(url(`/api/posts/${slug}`))).json();
    assert.match(coverImage, /^\/uploads\/[0-9a-f]{64}\.jpg$/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download cover image' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'cover-image.jpg');
    await waitForToast(page, 'Image Downloaded', 'Saved as cover-image.jpg');
  });
});

test('choosing Czech + English shows the toast and adds the Czech posts', async (t) => {
  await withPage(t, async (page) => {
    await page.goto(url('/'));
    await cardTitles(page);

    await page
      .getByTestId('content-filters')
      .getByRole('radio', { name: 'Czech + English' })
      .click();
    await waitForToast(page, 'Language Filter Changed', 'Now showing Czech and English posts');

    const titles = await waitForTitles(page, (list) =>
      list.some((title) => czechTitles.has(title)),
    );
    assert.ok(
      titles.some((title) => czechTitles.has(title)),
      'a Czech post is listed',
    );
    assert.equal(await page.evaluate(() => localStorage.getItem('contentLanguage')), 'cs');

    // The choice survives a reload; switching back says so in the same words as the spec.
    await page.reload();
    await cardTitles(page);
    const radio = page.getByTestId('content-filters').getByRole('radio', { name: 'English only' });
    assert.equal(await radio.getAttribute('aria-checked'), 'false');
    await radio.click();
    await waitForToast(page, 'Language Filter Changed', 'Now showing only English posts');
  });
});

test('the content-language toast speaks Czech in the Czech interface', async (t) => {
  await withPage(t, async (page) => {
    await page.goto(url('/'));
    await page.evaluate(() => localStorage.setItem('language', 'cs'));
    await page.reload();
    await cardTitles(page);

    await page
      .getByTestId('content-filters')
      .getByRole('radio', { name: 'Čeština + angličtina' })
      .click();
    await waitForToast(page, 'Filtr jazyka změněn', 'Zobrazují se anglické i české příspěvky');
  });
});

test('a category page lists only the posts of that category', async (t) => {
  await withPage(t, async (page) => {
    await page.goto(url('/'));
    await cardTitles(page);
    await page
      .getByTestId('content-filters')
      .getByRole('link', { name: 'Cybersecurity', exact: true })
      .click();
    await page.waitForURL((current) => current.pathname === '/category/Cybersecurity');

    await expectText(page.getByTestId('page-title'), 'Cybersecurity');
    await expectText(
      page.getByTestId('page-description'),
      'Articles related to Cybersecurity in payment technologies and fintech innovations.',
    );
    const expected = demo.filter((p) => p.category === 'Cybersecurity' && p.language === 'en');
    const titles = await cardTitles(page);
    assert.deepEqual(new Set(titles), new Set(expected.map((p) => p.title)));
    for (const badge of await page.getByTestId('post-card-category').allTextContents()) {
      assert.equal(badge.trim(), 'Cybersecurity');
    }
    const active = page
      .getByTestId('content-filters')
      .getByRole('link', { name: 'Cybersecurity', exact: true });
    assert.equal(await active.getAttribute('aria-current'), 'page');

    await page.getByTestId('back-link').click();
    await page.waitForURL((current) => current.pathname === '/');
  });
});

test('a category with an encoded name and Czech posts', async (t) => {
  await withPage(t, async (page) => {
    await page.goto(url('/'));
    await page.evaluate(() => localStorage.setItem('contentLanguage', 'cs'));
    const response = await page.goto(url('/category/Market%20Trends'));
    assert.equal(response?.status(), 200);
    await expectText(page.getByTestId('page-title'), 'Market Trends');
    const expected = demo.filter((p) => p.category === 'Market Trends');
    const titles = await cardTitles(page);
    assert.deepEqual(new Set(titles), new Set(expected.map((p) => p.title)));
  });
});

test('a post page shows the cover band, title, date and content', async (t) => {
  assert.ok(boxedPost, 'the demo has an English HTML post with Key Points');
  const apiPost = await (await fetch(url(`/api/posts/${boxedPost.slug}`))).json();
  const dates = expectedDates(apiPost.publishedAt);

  await withPage(t, async (page) => {
    const response = await page.goto(url(`/post/${boxedPost.slug}`));
    assert.equal(response?.status(), 200);

    await expectText(page.getByTestId('post-title'), boxedPost.title);
    await expectText(page.getByTestId('post-date'), dates.en);
    assert.match(dates.en, ENGLISH_DATE);
    const cover = page.getByTestId('post-cover');
    assert.equal(Math.round((await cover.boundingBox()).height), 500);
    assert.equal(
      await cover.getByTestId('post-cover-image').getAttribute('src'),
      apiPost.coverImage,
    );
    await expectText(cover.getByRole('link', { name: boxedPost.category }), boxedPost.category);
    assert.equal(await cover.getByRole('button', { name: 'Copy link' }).count(), 1);
    assert.equal(await cover.getByRole('button', { name: 'Download cover image' }).count(), 1);

    const content = page.getByTestId('post-content');
    await content.locator('p').first().waitFor();
    const box = page.getByTestId('post-highlight').first();
    await expectText(box.locator('h2').first(), 'Key Points');
    assert.equal(await box.locator('h2', { hasText: 'Conclusion' }).count(), 0);
    assert.equal(await content.locator('script').count(), 0);
    assert.equal(await page.title(), boxedPost.title);

    await expectText(page.getByTestId('post-back-home'), 'Back to home');
    await page.getByTestId('post-back-home').click();
    await page.waitForURL((current) => current.pathname === '/');
  });
});

test('a post page in the Czech interface shows the Czech date and labels', async (t) => {
  const czechPost = demo.find((p) => p.language === 'cs');
  const apiPost = await (await fetch(url(`/api/posts/${czechPost.slug}`))).json();
  const dates = expectedDates(apiPost.publishedAt);

  await withPage(t, async (page) => {
    await page.goto(url('/'));
    await page.evaluate(() => localStorage.setItem('language', 'cs'));
    await page.goto(url(`/posts/${czechPost.slug}`));

    await expectText(page.getByTestId('post-title'), czechPost.title);
    await expectText(page.getByTestId('post-date'), dates.cs);
    assert.match(dates.cs, CZECH_DATE);
    await expectText(page.getByTestId('post-back-home'), 'Zpět na domovskou stránku');
    await expectText(page.getByTestId('back-link'), 'Zpět na všechny příspěvky');
    assert.match(await page.getByTestId('post-footer').textContent(), /Kategorie:/);
  });
});

test('an unknown slug shows Post Not Found', async (t) => {
  await withPage(t, async (page) => {
    const response = await page.goto(url('/post/no-such-post-here'));
    assert.equal(response?.status(), 404);
    await expectText(page.getByTestId('status-title'), 'Post Not Found');
    await expectText(
      page.getByTestId('status-message'),
      'The post you are looking for could not be found or may have been removed.',
    );
    await expectText(page.getByTestId('post-not-found-back'), 'Back to home');
    await page.getByTestId('post-not-found-home').click();
    await page.waitForURL((current) => current.pathname === '/');
    await page.getByTestId('post-card').first().waitFor();
  });
});
