// Linked translations end to end: an admin writes an English post, creates its Czech translation
// from the post page, and each page then links the other, with hreflang alternates in the head.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { expectText, url, withPage } from './support/browser.mjs';

const ADMIN_USER = process.env.BLOG_ADMIN_USER ?? 'admin';
const ADMIN_PASSWORD = process.env.BLOG_ADMIN_PASSWORD ?? '';

async function signIn(page) {
  assert.ok(ADMIN_PASSWORD, 'BLOG_ADMIN_PASSWORD is not set (tools/e2e sets it)');
  await page.goto(url('/auth'));
  await page.getByLabel('Username or Email').fill(ADMIN_USER);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((current) => current.pathname === '/');
}

/** Calls the API from the page, with its session cookie; answers status and JSON body. */
function apiCall(page, method, pathname, body) {
  return page.evaluate(
    async ({ method, pathname, body }) => {
      const response = await fetch(pathname, {
        method,
        credentials: 'include',
        headers: body ? { 'Content-Type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, pathname, body },
  );
}

test('a post and its translation link each other, in the page and in the head', async (t) => {
  const stamp = Date.now().toString(36);
  const englishTitle = `Instant payments in Europe ${stamp}`;
  const czechTitle = `Okamžité platby v Evropě ${stamp}`;
  await withPage(t, async (page) => {
    await signIn(page);
    const created = await apiCall(page, 'POST', '/api/posts', {
      title: englishTitle,
      content: '<p>SEPA Instant settles a payment in seconds.</p>',
      excerpt: 'Seconds, not days.',
      category: 'Digital Payments',
      language: 'en',
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const englishSlug = created.body.slug;

    // From the post page, "Create translation" opens the editor for Czech, carried over.
    await page.goto(url(`/post/${englishSlug}`));
    await page.getByRole('link', { name: 'Create Czech translation' }).click();
    await page.waitForURL((current) => current.pathname === '/posts/new');
    await page.getByTestId('translation-of').waitFor();
    assert.equal(await page.getByLabel('Title').inputValue(), englishTitle);
    assert.equal(await page.getByLabel('Excerpt').inputValue(), 'Seconds, not days.');
    await expectText(page.getByTestId('field-language'), 'Czech');
    await expectText(page.getByTestId('field-category'), 'Digital Payments');

    await page.getByLabel('Title').fill(czechTitle);
    await page.getByLabel('Excerpt').fill('Vteřiny, ne dny.');
    await page.locator('.ql-editor').click();
    await page.keyboard.type('SEPA Instant vypořádá platbu během několika vteřin.');
    await page.getByRole('button', { name: 'Publish Post' }).click();
    await page.waitForURL((current) => current.pathname === '/');

    const english = await apiCall(page, 'GET', `/api/posts/${englishSlug}`);
    assert.equal(english.body.translations.length, 1);
    const czechSlug = english.body.translations[0].slug;
    assert.equal(english.body.translations[0].title, czechTitle);

    // Each page offers the other language, in the app and in the server-filled head.
    await page.goto(url(`/post/${englishSlug}`));
    const toCzech = page.getByTestId('post-translation-link');
    await expectText(toCzech, 'Read in Czech');
    assert.equal(await toCzech.getAttribute('href'), `/post/${czechSlug}`);
    const head = page.locator('head');
    assert.equal(await head.locator(`link[rel="alternate"][hreflang="cs"]`).count(), 1);
    assert.match(
      (await head.locator('link[rel="alternate"][hreflang="cs"]').getAttribute('href')) ?? '',
      new RegExp(`/post/${czechSlug}$`),
    );
    assert.match(
      (await head.locator('link[rel="alternate"][hreflang="x-default"]').getAttribute('href')) ??
        '',
      new RegExp(`/post/${englishSlug}$`),
    );

    await toCzech.click();
    await page.waitForURL((current) => current.pathname === `/post/${czechSlug}`);
    await expectText(page.getByTestId('post-title'), czechTitle);
    const toEnglish = page.getByTestId('post-translation-link');
    await expectText(toEnglish, 'Read in English');
    assert.equal(await toEnglish.getAttribute('href'), `/post/${englishSlug}`);
  });
});
