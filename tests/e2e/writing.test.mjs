// Writing and running the blog as an admin: a post with a cover image goes through the editor,
// shows on the home page and in search, is hidden, re-dated and deleted in Manage Posts; the hero
// colours change in Site Settings.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

import { expectText, url, withPage } from './support/browser.mjs';

const ADMIN_USER = process.env.BLOG_ADMIN_USER ?? 'admin';
const ADMIN_PASSWORD = process.env.BLOG_ADMIN_PASSWORD ?? '';

// A 1×1 PNG: small, and a real image for the server's content check.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A word no demo post contains, so search finds exactly our post. */
function uniqueWord() {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = 'quokka';
  for (let i = 0; i < 8; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

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

async function expectToast(page, text) {
  const toast = page.getByTestId('toast').filter({ hasText: text });
  await toast.first().waitFor();
}

/** Waits until the home page has listed its posts. */
async function openHome(page) {
  await page.goto(url('/'));
  await page.getByTestId('featured-grid').waitFor();
}

test('an admin writes, finds, hides, re-dates and deletes a post with a cover image', async (t) => {
  const folder = await mkdtemp(path.join(tmpdir(), 'blog-e2e-upload-'));
  const coverFile = path.join(folder, 'cover.png');
  await writeFile(coverFile, PNG_1X1);
  const word = uniqueWord();
  const title = `Instant payments ${word}`;
  const slug = `instant-payments-${word}`;

  try {
    await withPage(t, async (page) => {
      await signIn(page);

      // Write the post.
      await page.goto(url('/posts/new'));
      await expectText(page.getByTestId('page-title'), 'Create New Post');
      await page.getByLabel('Title').fill(title);
      assert.equal(await page.getByLabel('URL Slug').inputValue(), slug);
      await page.getByTestId('field-category').click();
      await page.getByRole('option', { name: 'Fintech' }).click();
      await page.getByLabel('Excerpt').fill(`Why ${word} settles in seconds.`);
      await expectText(page.getByTestId('cover-image-hint'), 'SVG, PNG, JPG or GIF (max. 5MB)');
      await page.getByTestId('cover-image-input').setInputFiles(coverFile);
      const preview = page.getByTestId('cover-image-preview').getByRole('img');
      await preview.waitFor();
      const coverUrl = await preview.getAttribute('src');
      assert.match(coverUrl ?? '', /^\/uploads\/[0-9a-f]{64}\.png$/);
      await page.getByTestId('ai-generator').waitFor();
      await page.locator('.ql-editor').click();
      await page.keyboard.type(`Account-to-account payments with ${word} clear instantly.`);
      await page.getByRole('button', { name: 'Publish Post' }).click();

      await page.waitForURL((current) => current.pathname === '/');
      await expectToast(page, 'Post created successfully');

      // It is the newest post on the home page, with its cover image.
      await openHome(page);
      const card = page.getByTestId('post-card').filter({ hasText: title }).first();
      await card.waitFor();
      assert.ok(
        (await card.locator(`img[src="${coverUrl}"]`).count()) > 0,
        'the card shows the uploaded cover image',
      );

      // Search finds it by its unique word.
      await page.goto(url(`/search?q=${word}`));
      await page.getByTestId('post-card-title').filter({ hasText: title }).first().waitFor();

      const post = await apiCall(page, 'GET', `/api/posts/${slug}`);
      assert.equal(post.status, 200);
      assert.equal(post.body.coverImage, coverUrl);
      assert.match(post.body.content, new RegExp(`<p>Account-to-account payments with ${word}`));

      // Hide it in Manage Posts: it leaves the home page.
      await page.goto(url('/admin/posts'));
      const row = page.locator(`[data-testid="admin-post-row"][data-slug="${slug}"]`);
      await row.waitFor();
      await expectText(row.getByTestId('post-status'), 'Published');
      await row.getByRole('switch').click();
      await expectToast(page, 'Post unpublished successfully');
      await expectText(row.getByTestId('post-status'), 'Hidden');

      await openHome(page);
      assert.equal(
        await page.getByTestId('post-card').filter({ hasText: title }).count(),
        0,
        'a hidden post is not on the home page',
      );

      // Change its publication date to the 15th of this month at 09:30.
      await page.goto(url('/admin/posts'));
      await row.waitFor();
      await row.getByTestId('post-edit-date').click();
      const dialog = page.getByRole('dialog');
      await expectText(dialog.getByRole('heading'), 'Edit Publication Date');
      await dialog.getByTestId('date-picker-trigger').click();
      await dialog
        .getByTestId('date-picker-calendar')
        .getByRole('button', { name: /\b15th\b/ })
        .click();
      await dialog.getByTestId('date-dialog-time').fill('09:30');
      await dialog.getByRole('button', { name: 'Update Date' }).click();
      await expectToast(page, 'Date updated');

      const expected = await page.evaluate(() => {
        const now = new Date();
        const day = new Date(now.getFullYear(), now.getMonth(), 15, 9, 30);
        return {
          iso: day.toISOString(),
          label: day.toLocaleDateString('en-US', {
            month: 'long',
            day: 'numeric',
            year: 'numeric',
          }),
        };
      });
      const listed = await apiCall(page, 'GET', '/api/admin/posts');
      const mine = listed.body.find((candidate) => candidate.slug === slug);
      assert.equal(new Date(mine.publishedAt).toISOString(), expected.iso);
      assert.equal(mine.published, false);
      await row.getByTestId('post-date').filter({ hasText: expected.label }).waitFor();

      // Delete it after the confirmation.
      await row.getByTestId('post-delete').click();
      const confirm = page.getByRole('alertdialog');
      await expectText(confirm.getByRole('heading'), 'Are you sure?');
      await expectText(
        confirm.getByTestId('delete-post-description'),
        `This will permanently delete the post "${title}". This action cannot be undone.`,
      );
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Post deleted');
      await row.waitFor({ state: 'detached' });
      assert.equal((await apiCall(page, 'GET', `/api/posts/${slug}`)).status, 404);
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('a signed-in user creates a category from the sidebar', async (t) => {
  await withPage(t, async (page) => {
    const name = `Quokka ${uniqueWord().slice(6)}`;
    await signIn(page);
    await openHome(page);
    await page.getByTestId('create-category-button').click();
    const dialog = page.getByRole('dialog');
    await expectText(dialog.getByRole('heading'), 'Create New Category');
    await dialog.getByLabel('Category Name').fill('ab');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectText(
      dialog.getByTestId('error-categoryName'),
      'Category name must be at least 3 characters',
    );
    await dialog.getByLabel('Category Name').fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'Your new category was created successfully.');
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('category-filter').getByRole('link', { name }).waitFor();
  });
});

test('an admin changes the hero colours in Site Settings and sees them on the home page', async (t) => {
  await withPage(t, async (page) => {
    await signIn(page);
    const original = (await apiCall(page, 'GET', '/api/site-settings')).body;
    try {
      await page.goto(url('/admin/site-settings'));
      await expectText(page.getByTestId('page-title'), 'Site Settings');
      const colours = {
        'Hero Background Color': '#0f766e',
        'Title Text Color': '#fbbf24',
        'Subtitle Text Color': '#e0f2fe',
      };
      for (const [label, value] of Object.entries(colours)) {
        await page.getByLabel(label, { exact: true }).fill(value);
      }
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expectToast(page, 'Settings updated');

      await page.goto(url('/'));
      const hero = page.getByTestId('hero');
      await hero.waitFor();
      const styles = await page.evaluate(() => {
        const color = (id, property) =>
          getComputedStyle(document.querySelector(`[data-testid="${id}"]`))[property];
        return {
          background: color('hero', 'backgroundColor'),
          title: color('hero-title', 'color'),
          description: color('hero-description', 'color'),
        };
      });
      assert.deepEqual(styles, {
        background: 'rgb(15, 118, 110)',
        title: 'rgb(251, 191, 36)',
        description: 'rgb(224, 242, 254)',
      });
    } finally {
      const restored = await apiCall(page, 'PATCH', '/api/site-settings', {
        siteTitle: original.siteTitle,
        siteDescription: original.siteDescription,
        imageOnRight: original.imageOnRight,
        heroBackgroundColor: original.heroBackgroundColor,
        titleColor: original.titleColor,
        subtitleColor: original.subtitleColor,
        heroImage: original.heroImage,
        heroImageWidth: original.heroImageWidth,
        heroImageHeight: original.heroImageHeight,
      });
      assert.equal(restored.status, 200, 'the original settings are restored');
    }
  });
});
