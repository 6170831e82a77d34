// The instant search panel, driven with the keyboard only: / or Ctrl-K opens it, results come as
// the reader types, arrows and Enter open a post, Escape closes, "See all results" leads to the
// search page; on a phone it is a full-width sheet.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

import { expectText, url, withPage } from './support/browser.mjs';

const demo = JSON.parse(
  await readFile(new URL('../../seed/demo-posts.json', import.meta.url), 'utf8'),
);
const english = new Set(demo.filter((p) => p.language === 'en').map((p) => p.slug));
// "3-D Secure 2 v praxi: bezpečnost bez zbytečného zdržování", typed without diacritics.
const czechPost = demo.find((p) => p.slug.startsWith('3-d-secure-2-v-praxi'));

/** Presses `keys` until the panel opens: the shortcut works once the app has taken over. */
async function openPanel(page, keys) {
  const input = page.getByTestId('search-panel-input');
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.keyboard.press(keys);
    try {
      await input.waitFor({ timeout: 500 });
      return input;
    } catch {
      // Not hydrated yet; press again.
    }
  }
  throw new Error(`${keys} did not open the search panel`);
}

test('/ opens the panel; arrows and Enter open the chosen English post', async (t) => {
  await withPage(t, async (page) => {
    await page.goto(url('/'));
    const input = await openPanel(page, '/');
    assert.ok(await input.evaluate((el) => el === document.activeElement), 'the field has focus');

    await page.keyboard.type('open banking');
    const options = page.getByRole('option');
    await options.first().waitFor();
    const count = await options.count();
    assert.ok(count > 0 && count <= 6, `between 1 and 6 hits, got ${count}`);
    for (const slug of await options.evaluateAll((els) => els.map((el) => el.dataset.slug)))
      assert.ok(english.has(slug), `English post: ${slug}`);
    assert.ok((await options.locator('mark').count()) > 0, 'the passages are highlighted');
    assert.match(
      (await page
        .getByRole('status')
        .filter({ hasText: /result/ })
        .textContent()) ?? '',
      /^\d+ results?$/,
    );

    // Down to the second hit (the first when there is only one).
    const presses = count > 1 ? 2 : 1;
    for (let i = 0; i < presses; i++) await page.keyboard.press('ArrowDown');
    const chosen = options.nth(presses - 1);
    assert.equal(
      await input.getAttribute('aria-activedescendant'),
      await chosen.getAttribute('id'),
    );
    assert.equal(await chosen.getAttribute('aria-selected'), 'true');
    const slug = await chosen.getAttribute('data-slug');

    await page.keyboard.press('Enter');
    await page.waitForURL((current) => current.pathname === `/post/${slug}`);
    await page.getByTestId('post-title').waitFor();
    assert.equal(await page.getByTestId('search-panel-input').count(), 0, 'the panel closed');
  });
});

test('Ctrl-K opens it in Czech; Escape closes; Enter on the query shows all results', async (t) => {
  assert.ok(czechPost, 'the demo has the 3-D Secure post');
  await withPage(t, async (page) => {
    await page.goto(url('/'));
    await page.evaluate(() => {
      localStorage.setItem('language', 'cs');
      localStorage.setItem('contentLanguage', 'cs');
    });
    await page.reload();
    let input = await openPanel(page, 'Control+k');
    await page.keyboard.type('bezpecnost');
    await page.locator(`[role="option"][data-slug="${czechPost.slug}"]`).waitFor();
    await expectText(page.getByTestId('search-panel-see-all'), 'Zobrazit všechny výsledky');

    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'detached' });

    input = await openPanel(page, '/');
    await page.keyboard.type('  bezpecnost ');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((current) => current.pathname === '/search');
    assert.equal(new URL(page.url()).search, '?q=bezpecnost');
    await page.getByTestId('post-card').first().waitFor();
  });
});

test('a query with no match says so, and / typed into a field stays in the field', async (t) => {
  await withPage(t, async (page) => {
    await page.goto(url('/'));
    const input = await openPanel(page, '/');
    await page.keyboard.type('qqxzvwk');
    await expectText(
      page.getByTestId('search-panel-empty').locator('p').first(),
      'No results found',
    );
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'detached' });

    await page.getByTestId('search-input').click();
    await page.keyboard.type('a/b');
    assert.equal(await page.getByTestId('search-input').inputValue(), 'a/b');
    assert.equal(await page.getByTestId('search-panel-input').count(), 0);
  });
});

test('on a phone the panel is a full-width sheet opened from the header', async (t) => {
  await withPage(t, async (page) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(url('/'));
    const field = page.getByTestId('header-search-field');
    const box = await field.boundingBox();
    assert.ok(box && box.width >= 44 && box.height >= 44, 'a touch-sized target');
    const input = page.getByTestId('search-panel-input');
    for (let attempt = 0; attempt < 20 && (await input.count()) === 0; attempt++) {
      await field.click();
      await input.waitFor({ timeout: 500 }).catch(() => undefined);
    }
    await page.keyboard.type('card');
    await page.getByRole('option').first().waitFor();
    const sheet = await page.getByTestId('search-panel').boundingBox();
    assert.equal(Math.round(sheet?.width ?? 0), 390);
    await page.getByTestId('search-panel-see-all').click();
    await page.waitForURL((current) => current.pathname === '/search');
    assert.equal(new URL(page.url()).search, '?q=card');
  });
});
