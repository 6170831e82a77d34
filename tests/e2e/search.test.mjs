// Search: from the hero box to the results page, Czech queries typed without diacritics, the
// empty state, and a blank query that stays home.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

import { expectText, url, withPage } from './support/browser.mjs';

const demo = JSON.parse(
  await readFile(new URL('../../seed/demo-posts.json', import.meta.url), 'utf8'),
);
// "3-D Secure 2 v praxi: bezpečnost bez zbytečného zdržování", searched as plain ASCII.
const czechPost = demo.find((p) => p.slug.startsWith('3-d-secure-2-v-praxi'));
const CZECH_QUERY = 'bezpecnost';

async function searchFromHero(page, query) {
  await page.goto(url('/'));
  await page.getByTestId('search-input').fill(query);
  await page.getByTestId('search-button').click();
}

test(
  'a Czech query without diacritics from the hero finds the Czech post',
  async (t) => {
    assert.ok(czechPost, 'the demo has the 3-D Secure post');
    await withPage(t, async (page) => {
      await page.goto(url('/'));
      await page.evaluate(() => localStorage.setItem('contentLanguage', 'cs'));
      await searchFromHero(page, `  ${CZECH_QUERY} `);

      await page.waitForURL((current) => current.pathname === '/search');
      assert.equal(new URL(page.url()).search, `?q=${CZECH_QUERY}`);
      await expectText(page.getByTestId('page-title'), `Search Results for "${CZECH_QUERY}"`);
      assert.equal(await page.getByTestId('search-input').inputValue(), CZECH_QUERY);

      await page.getByTestId('post-card').first().waitFor();
      const card = page.getByTestId('post-card').filter({ hasText: czechPost.title });
      await card.first().waitFor();
      // This post matches by its title; other hits match in their text, where the words are marked.
      assert.ok(
        (await page.getByTestId('post-card-snippet').locator('mark').count()) > 0,
        'matched words are highlighted',
      );
      assert.equal(
        await card.first().getByTestId('post-card-read-more').getAttribute('href'),
        `/post/${czechPost.slug}`,
      );
      await expectText(page.getByTestId('back-link'), 'Back to home');
    });
  },
);

test('the Czech interface titles the results in Czech', async (t) => {
  await withPage(t, async (page) => {
    await page.goto(url('/'));
    await page.evaluate(() => {
      localStorage.setItem('language', 'cs');
      localStorage.setItem('contentLanguage', 'cs');
    });
    await searchFromHero(page, CZECH_QUERY);
    await expectText(page.getByTestId('page-title'), `Výsledky hledání pro „${CZECH_QUERY}“`);
    await page.getByTestId('post-card').first().waitFor();
    await expectText(page.getByTestId('back-link'), 'Zpět na domovskou stránku');
  });
});

test('English readers get English hits only', async (t) => {
  const english = new Set(demo.filter((p) => p.language === 'en').map((p) => p.title));
  await withPage(t, async (page) => {
    await searchFromHero(page, 'open banking');
    await page.getByTestId('post-card').first().waitFor();
    for (const title of await page.getByTestId('post-card-title').allTextContents()) {
      assert.ok(english.has(title.trim()), `English post: ${title}`);
    }
  });
});

test('a query with no match shows the empty state', async (t) => {
  await withPage(t, async (page) => {
    await page.goto(url('/search?q=qqxzvwk'));
    await expectText(page.getByTestId('post-list-empty').locator('h3'), 'No results found');
    await expectText(
      page.getByTestId('post-list-empty').locator('p'),
      'Try searching for different keywords or browse all posts',
    );
  });
});

test('a blank query stays on the home page', async (t) => {
  await withPage(t, async (page) => {
    await searchFromHero(page, '    ');
    await page.waitForTimeout(300);
    assert.equal(new URL(page.url()).pathname, '/');

    await page.goto(url('/search?q=%20%20'));
    await page.waitForURL((current) => current.pathname === '/');
    await page.getByTestId('hero').or(page.getByTestId('hero-skeleton')).first().waitFor();
  });
});
