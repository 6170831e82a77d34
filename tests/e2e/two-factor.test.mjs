// Two-factor sign-in in Chromium: a new account sets it up from its profile, reading the key from
// the otpauth:// URI the page's QR code links to, and signs in again in a second browser with the
// two-step form; then, in Czech, the "require two-factor for authors" setting keeps an approved
// author on the setup screen until it is done. Codes come from oathtool (Debian's TOTP), not from
// our own implementation.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';

import { expectText, launchBrowser, url, withPage } from './support/browser.mjs';

function uniqueName(prefix) {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The TOTP code of a base32 key at `when` (e.g. 'now', 'now + 30 seconds'), by oathtool. */
function oathtool(secret, when = 'now') {
  return execFileSync('oathtool', ['--totp', '-b', '-N', when, secret], {
    encoding: 'utf8',
  }).trim();
}

function adminCredentials() {
  const username = process.env.BLOG_ADMIN_USER;
  const password = process.env.BLOG_ADMIN_PASSWORD;
  if (!username || !password)
    throw new Error('tools/e2e sets BLOG_ADMIN_USER and BLOG_ADMIN_PASSWORD');
  return { username, password };
}

async function register(page, account) {
  await page.goto(url('/auth'));
  await page.getByTestId('switch-to-register').click();
  const form = page.getByTestId('register-form');
  await form.locator('input[name="username"]').fill(account.username);
  await form.locator('input[name="email"]').fill(account.email);
  await form.locator('input[name="password"]').fill(account.password);
  await form.locator('input[name="confirmPassword"]').fill(account.password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((current) => current.pathname === '/');
}

async function fillPassword(page, { username, password }) {
  await page.goto(url('/auth'));
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(username);
  await form.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Starts the setup on the current page, reads the key from the QR code's link, turns it on. */
async function setUpFromQrLink(page, expectedIssuer) {
  await page.getByTestId('two-factor-start').click();
  const href = await page.getByTestId('otpauth-link').getAttribute('href');
  assert.match(href, /^otpauth:\/\/totp\//);
  const uri = new URL(href);
  const secret = uri.searchParams.get('secret');
  assert.equal(uri.searchParams.get('issuer'), expectedIssuer);
  assert.equal(
    await page.getByTestId('two-factor-secret').textContent(),
    secret,
    'the key as text',
  );
  const qr = page.getByTestId('otpauth-link').locator('img');
  assert.ok((await qr.evaluate((img) => img.naturalWidth)) > 0, 'the QR code is drawn');
  await page.locator('input[name="setup-code"]').fill(oathtool(secret));
  await page.getByTestId('two-factor-enable').click();
  const codes = page.getByTestId('recovery-codes').locator('li');
  await codes.first().waitFor();
  assert.equal(await codes.count(), 10);
  return secret;
}

test('set up two-factor from the profile, then sign in with the code in another browser', async (t) => {
  const username = uniqueName('tf');
  const account = { username, email: `${username}@example.com`, password: 'correct horse battery' };
  let secret;
  await withPage(t, async (page) => {
    await register(page, account);
    await page.goto(url('/profile'));
    secret = await setUpFromQrLink(page, 'PayTech Blog');
    await page.getByTestId('recovery-codes-done').click();
    await page.getByTestId('two-factor-on').waitFor();
  });

  const second = await launchBrowser();
  try {
    const page = second.context.pages()[0] ?? (await second.context.newPage());
    await fillPassword(page, account);
    const code = page.getByTestId('two-factor-form').locator('input[name="code"]');
    await code.waitFor();
    assert.equal(await code.getAttribute('autocomplete'), 'one-time-code');
    assert.equal(await code.getAttribute('inputmode'), 'numeric');
    assert.equal(await page.getByTestId('user-menu').count(), 0, 'not signed in yet');
    // The step the setup used is spent; the next one is accepted a step early.
    await code.fill(oathtool(secret, 'now + 30 seconds'));
    await page.getByTestId('two-factor-submit').click();
    await page.waitForURL((current) => current.pathname === '/');
    await expectText(page.getByTestId('user-menu-name'), username);

    await page.goto(url('/profile'));
    const rows = page.getByTestId('session');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 2, 'this browser and the first one');
  } finally {
    await second.close();
  }
});

test('Czech: an author the site requires it of is kept on the setup screen until done', async (t) => {
  const username = uniqueName('tfcs');
  const account = { username, email: `${username}@example.com`, password: 'correct horse battery' };
  const admin = await launchBrowser();
  const adminPage = admin.context.pages()[0] ?? (await admin.context.newPage());
  // The admin's own API calls from its page (same origin, its cookie).
  const asAdmin = (method, path, body) =>
    adminPage.evaluate(
      async ([m, p, b]) => {
        const res = await fetch(p, {
          method: m,
          headers: { 'Content-Type': 'application/json' },
          body: b ? JSON.stringify(b) : undefined,
        });
        return { status: res.status, body: await res.json() };
      },
      [method, path, body],
    );
  try {
    await fillPassword(adminPage, adminCredentials());
    await adminPage.waitForURL((current) => current.pathname === '/');
    await adminPage.goto(url('/admin/site-settings'));
    await adminPage.getByRole('switch', { name: 'Require two-factor sign-in for authors' }).click();
    await adminPage.getByTestId('settings-save').click();
    await adminPage.getByTestId('toast').filter({ hasText: 'Settings updated' }).first().waitFor();

    await withPage(t, async (page) => {
      await page.context().addInitScript(() => window.localStorage.setItem('language', 'cs'));
      await register(page, account);
      const me = await page.evaluate(async () => (await fetch('/api/user')).json());
      const approved = await asAdmin('PATCH', `/api/admin/users/${me.id}/approval`, {
        status: 'approved',
      });
      assert.equal(approved.status, 200, JSON.stringify(approved.body));

      // Any page now leads to the setup screen, which says why, in Czech.
      await page.goto(url('/my-posts'));
      await page.waitForURL((current) => current.pathname === '/profile/two-factor');
      await page
        .getByText('Váš účet musí používat dvoufázové přihlášení. Pro pokračování si ho nastavte.')
        .first()
        .waitFor();
      await page.goto(url('/posts/new'));
      await page.waitForURL((current) => current.pathname === '/profile/two-factor');

      await setUpFromQrLink(page, 'PayTech Blog');
      await page.getByTestId('recovery-codes-done').click();
      await page.waitForURL((current) => current.pathname === '/');
      await page.goto(url('/my-posts'));
      await page.waitForTimeout(500);
      assert.equal(new URL(page.url()).pathname, '/my-posts', 'free once it is on');
    });
  } finally {
    await asAdmin('PATCH', '/api/site-settings', { requireTwoFactorForAuthors: false }).catch(
      () => undefined,
    );
    await admin.close();
  }
});
