// The author's desk: a new author saves a draft and finds it in My posts, an image pasted into
// the editor is uploaded and referenced by URL (never base64), and typing survives a closed tab.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { expectText, url, withPage } from './support/browser.mjs';

const ADMIN_USER = process.env.BLOG_ADMIN_USER ?? 'admin';
const ADMIN_PASSWORD = process.env.BLOG_ADMIN_PASSWORD ?? '';

// A 1×1 PNG: a real image for the server's decoder.
const PNG_1X1_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Calls the API from the page, with its session cookie; answers status and JSON body. */
function apiCall(page, method, pathname, body) {
  return page.evaluate(
    async ({ method, pathname, body }) => {
      const response = await fetch(pathname, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      return { status: response.status, body: json };
    },
    { method, pathname, body },
  );
}

/** A new approved author, signed in on the page. */
async function newAuthor(page) {
  assert.ok(ADMIN_PASSWORD, 'BLOG_ADMIN_PASSWORD is not set (tools/e2e sets it)');
  const name = `desk${Date.now().toString(36)}`;
  const password = 'desk-e2e-password-1';
  await page.goto(url('/'));
  const registered = await apiCall(page, 'POST', '/api/register', {
    username: name,
    email: `${name}@example.com`,
    password,
    confirmPassword: password,
  });
  assert.equal(registered.status, 201, JSON.stringify(registered.body));
  await apiCall(page, 'POST', '/api/logout', {});
  const admin = await apiCall(page, 'POST', '/api/login', {
    username: ADMIN_USER,
    password: ADMIN_PASSWORD,
  });
  assert.equal(admin.status, 200);
  const approved = await apiCall(page, 'PATCH', `/api/admin/users/${registered.body.id}/approval`, {
    status: 'approved',
  });
  assert.equal(approved.status, 200, JSON.stringify(approved.body));
  await apiCall(page, 'POST', '/api/logout', {});
  const author = await apiCall(page, 'POST', '/api/login', { username: name, password });
  assert.equal(author.status, 200);
  return name;
}

/** Pastes a PNG file into the editor as a browser does with a copied image. */
async function pasteImage(page) {
  await page.getByTestId('content-editor').click();
  await page.evaluate((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
    const editor = document.querySelector('[data-testid="content-editor"]');
    editor.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, PNG_1X1_BASE64);
}

test('a new author saves a draft with a pasted image, finds it in My posts and gets a lost edit back', async (t) => {
  await withPage(t, async (page) => {
    await newAuthor(page);
    const title = `Desk draft ${Date.now().toString(36)}`;

    await page.goto(url('/posts/new'));
    await page.getByLabel('Title').fill(title);
    await page.getByTestId('field-category').click();
    await page.getByRole('option', { name: 'Fintech', exact: true }).click();
    await page.getByTestId('content-editor').click();
    await page.keyboard.type('Tokenised cards in practice. ');
    await pasteImage(page);
    await page.locator('[data-testid="content-editor"] img[src^="/uploads/"]').waitFor();
    assert.equal(await page.locator('[data-testid="content-editor"] img[src^="data:"]').count(), 0);

    await page.getByRole('switch', { name: 'Publish now' }).click();
    await page.getByRole('button', { name: 'Save Draft' }).click();

    await page.waitForURL((current) => current.pathname === '/my-posts');
    const row = page.getByTestId('my-post').filter({ hasText: title });
    await expectText(row.getByTestId('my-post-status'), 'Draft');

    const mine = await apiCall(page, 'GET', '/api/user/posts');
    assert.equal(mine.status, 200);
    const saved = mine.body.find((post) => post.title === title);
    assert.ok(saved, 'the draft is in GET /api/user/posts');
    assert.equal(saved.status, 'draft');
    const full = await apiCall(page, 'GET', `/api/posts/${saved.slug}`);
    assert.equal(full.status, 200);
    assert.match(full.body.content, /<img[^>]+src="\/uploads\/[0-9a-f]{64}\.png"/);
    assert.doesNotMatch(full.body.content, /data:image/);

    // Typing, then the tab is gone before saving: the editor offers the copy back.
    await row.getByTestId('my-post-edit').click();
    const field = page.getByLabel('Title');
    await field.waitFor();
    await expectText(page.getByTestId('page-title'), 'Edit Post');
    await field.fill(`${title} (second thoughts)`);
    await page.waitForTimeout(1_000);
    await page.reload();
    await page.getByTestId('local-draft-offer').waitFor();
    await page.getByTestId('local-draft-restore').click();
    assert.equal(await page.getByLabel('Title').inputValue(), `${title} (second thoughts)`);
  });
});
