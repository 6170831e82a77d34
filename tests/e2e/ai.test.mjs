// The AI pages and the language demo: an admin generates a Czech outline into the post editor,
// the Czech format test publishes its result as a test post, and the language demo switches
// languages. The AI tests need blogd pointed at the fake AI service (BLOG_E2E_AI=1, tools/e2e).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickAndWaitForLoad, expectText, url, withPage } from './support/browser.mjs';

const ADMIN_USER = process.env.BLOG_ADMIN_USER ?? 'admin';
const ADMIN_PASSWORD = process.env.BLOG_ADMIN_PASSWORD ?? '';
const skipWithoutAi =
  process.env.BLOG_E2E_AI === '1' ? false : 'BLOG_E2E_AI is not set: no AI service behind blogd';

async function signIn(page) {
  assert.ok(ADMIN_PASSWORD, 'BLOG_ADMIN_PASSWORD is not set (tools/e2e sets it)');
  await page.goto(url('/auth'));
  await page.getByLabel('Username or Email').fill(ADMIN_USER);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((current) => current.pathname === '/');
}

/** Calls the API from the page, with its session cookie; answers status and JSON body. */
function apiCall(page, method, pathname) {
  return page.evaluate(
    async ({ method, pathname }) => {
      const response = await fetch(pathname, { method, credentials: 'include' });
      const text = await response.text();
      let body = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      return { status: response.status, body };
    },
    { method, pathname },
  );
}

async function expectToast(page, text) {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
}

/** Opens a Radix select by its trigger and picks the option with this exact name. */
async function choose(page, trigger, option) {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function isGenerateCall(request) {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/ai/generate';
}

test('an admin generates a Czech outline into the post editor', { skip: skipWithoutAi }, async (t) => {
  await withPage(t, async (page) => {
    await signIn(page);
    await page.goto(url('/posts/new'));
    const card = page.getByTestId('ai-generator');
    await card.waitFor();
    await expectText(card.getByTestId('ai-content-type'), 'Full article');
    await expectText(card.getByTestId('ai-language'), 'English');

    await choose(page, card.getByTestId('ai-content-type'), 'Outline');
    await choose(page, card.getByTestId('ai-language'), 'Czech');
    const [request] = await Promise.all([
      page.waitForRequest(isGenerateCall),
      card.getByTestId('ai-generate').click(),
    ]);
    const sent = request.postDataJSON();
    assert.equal(sent.language, 'cs');
    assert.match(sent.prompt, /outline/);
    assert.match(sent.prompt, /digital payments/);
    assert.match(sent.prompt, /500-800 words/);
    assert.match(sent.prompt, /Write it in Czech\./);

    await expectToast(page, 'Content generated');
    const editor = page.locator('.ql-editor');
    const title = editor.locator('h1').first();
    await title.waitFor();
    assert.notEqual((await title.textContent())?.trim() ?? '', '', 'the h1 has the title');
    await editor.locator('h2').filter({ hasText: 'Key Points' }).first().waitFor();
    assert.ok((await editor.locator('strong').count()) >= 5, 'the bold points stay bold');
    await expectText(card.getByTestId('ai-generate'), 'Generate Content');
  });
});

test('the Czech format test creates a test post and opens it', { skip: skipWithoutAi }, async (t) => {
  await withPage(t, async (page) => {
    const suffix = Math.random().toString(36).slice(2, 10);
    const topic = `Okamžité platby ${suffix}`;
    await signIn(page);
    await page.goto(url('/czech-format-test'));
    await expectText(page.getByTestId('page-title'), 'Czech Format Test');
    const create = page.getByTestId('format-test-create-post');
    assert.equal(await create.isDisabled(), true, 'nothing to publish yet');

    await page.getByLabel('Topic').fill(topic);
    const [request] = await Promise.all([
      page.waitForRequest(isGenerateCall),
      page.getByTestId('format-test-generate').click(),
    ]);
    const sent = request.postDataJSON();
    assert.deepEqual(Object.keys(sent), ['prompt'], 'the test pages send the prompt alone');
    assert.match(sent.prompt, /in Czech/);
    assert.match(sent.prompt, /at least five points/);

    const content = page.getByTestId('format-test-content');
    await content.waitFor();
    const markdown = (await content.textContent()) ?? '';
    assert.ok((markdown.match(/\*\*[^*\n]+\*\*/g) ?? []).length >= 5, 'five bold points');

    await page.getByTestId('format-test-view-prompt').click();
    await expectText(page.getByTestId('format-test-prompt'), sent.prompt);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('format-test-download').click(),
    ]);
    assert.equal(download.suggestedFilename(), `okamzite-platby-${suffix}.md`);

    await create.click();
    await page.waitForURL((current) => current.pathname.startsWith('/post/'));
    const slug = decodeURIComponent(new URL(page.url()).pathname.slice('/post/'.length));
    await expectText(page.getByTestId('post-title'), topic);

    const post = await apiCall(page, 'GET', `/api/posts/${encodeURIComponent(slug)}`);
    assert.equal(post.status, 200);
    assert.equal(post.body.title, topic);
    assert.equal(post.body.category, 'Fintech');
    assert.equal(post.body.language, 'cs');
    assert.equal(post.body.published, true);
    assert.equal(post.body.content.trim(), markdown.trim());
    assert.ok(post.body.excerpt.length > 0 && post.body.excerpt.length <= 150);

    const removed = await apiCall(page, 'DELETE', `/api/admin/posts/${post.body.id}`);
    assert.ok(removed.status < 300, `the test post is deleted (${removed.status})`);
  });
});

test('the language demo switches languages and follows the stored language', async (t) => {
  await withPage(t, async (page) => {
    const welcome = page.getByTestId('language-demo-welcome').getByRole('heading');
    await page.goto(url('/language-demo'));
    await expectText(page.getByTestId('page-title'), 'Language Demo');
    await expectText(welcome, 'Welcome to PayTech Blog');
    assert.equal(await page.getByTestId('language-demo-card').count(), 3);

    // The switch stores the language, reloads and confirms in the new language.
    await clickAndWaitForLoad(page, page.getByTestId('language-demo-cs'));
    await expectText(welcome, 'Vítejte na PayTech Blogu');
    await expectText(page.getByTestId('page-title'), 'Ukázka jazyků');
    await expectText(page.getByTestId('toast').first(), 'Jazyk přepnut na češtinu');
    assert.equal(await page.evaluate(() => window.localStorage.getItem('language')), 'cs');

    // A change of the stored language shows without a reload: same tab (the 500 ms poll)…
    await page.evaluate(() => {
      window.sameDocument = true;
      window.localStorage.setItem('language', 'en');
    });
    await expectText(welcome, 'Welcome to PayTech Blog', { timeout: 3_000 });
    // …and another tab (a storage event).
    const other = await page.context().newPage();
    await other.goto(url('/language-demo'));
    await other.evaluate(() => window.localStorage.setItem('language', 'cs'));
    await expectText(welcome, 'Vítejte na PayTech Blogu', { timeout: 3_000 });
    await other.close();
    assert.equal(await page.evaluate(() => window.sameDocument), true, 'no reload happened');

    await clickAndWaitForLoad(page, page.getByTestId('language-demo-en'));
    await expectText(welcome, 'Welcome to PayTech Blog');
    await expectText(page.getByTestId('toast').first(), 'Language switched to English');
    assert.equal(await page.evaluate(() => window.localStorage.getItem('language')), 'en');
  });
});
