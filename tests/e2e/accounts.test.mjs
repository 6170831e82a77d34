// Accounts: a visitor registers (signed in, pending approval), an administrator approves the
// account from the dashboard in another browser, and the new author's pending notice is gone
// after a reload; once in English and once with the Czech interface.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { expectText, launchBrowser, url } from './support/browser.mjs';

const ARTIFACTS_DIR = fileURLToPath(new URL('./artifacts/', import.meta.url));
const TIMEOUT_MS = 15_000;

const TEXTS = {
  en: {
    registerButton: 'Register',
    loginButton: 'Sign In',
    registeredPending: 'Registration successful! Your account is pending approval.',
    loggedIn: 'Logged in successfully',
    pendingNotice: 'Your account is pending approval',
    dashboardTitle: 'Admin Dashboard',
    pendingTab: /^Pending/,
    approve: 'Approve',
    approved: 'User has been approved',
    adminDashboardEntry: 'Admin Dashboard',
    editorPendingCard: 'Account Pending Approval',
    pendingBadge: 'Pending',
    approvedBadge: 'Approved',
  },
  cs: {
    registerButton: 'Zaregistrovat se',
    loginButton: 'Přihlásit se',
    registeredPending: 'Registrace proběhla úspěšně! Váš účet čeká na schválení.',
    loggedIn: 'Přihlášení proběhlo úspěšně',
    pendingNotice: 'Váš účet čeká na schválení',
    dashboardTitle: 'Administrace',
    pendingTab: /^Čekající/,
    approve: 'Schválit',
    approved: 'Uživatel byl schválen',
    adminDashboardEntry: 'Administrace',
    editorPendingCard: 'Účet čeká na schválení',
    pendingBadge: 'Čeká na schválení',
    approvedBadge: 'Schválený',
  },
};

function adminCredentials() {
  const username = process.env.BLOG_ADMIN_USER;
  const password = process.env.BLOG_ADMIN_PASSWORD;
  if (!username || !password) {
    throw new Error(
      'BLOG_ADMIN_USER and BLOG_ADMIN_PASSWORD must name an administrator (tools/e2e sets them)',
    );
  }
  return { username, password };
}

function uniqueName(prefix) {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Runs `body(pages)` with `count` pages, each in its own browser (its own cookies). Uncaught
 * page errors fail the test; on failure every page leaves a screenshot in artifacts/.
 */
async function withBrowsers(t, count, { language = 'en' } = {}, body) {
  const browsers = [];
  const pages = [];
  const pageErrors = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const browser = await launchBrowser();
      browsers.push(browser);
      if (language !== 'en') {
        await browser.context.addInitScript((value) => {
          window.localStorage.setItem('language', value);
        }, language);
      }
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      page.setDefaultTimeout(TIMEOUT_MS);
      page.on('pageerror', (error) => pageErrors.push(error.message));
      pages.push(page);
    }
    await body(pages);
    assert.deepEqual(pageErrors, [], 'the pages threw uncaught errors');
  } catch (error) {
    await mkdir(ARTIFACTS_DIR, { recursive: true }).catch(() => undefined);
    const slug = t.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    for (const [index, page] of pages.entries()) {
      const file = path.join(ARTIFACTS_DIR, `${slug}-${index + 1}.png`);
      const saved = await page.screenshot({ path: file, fullPage: true }).then(
        () => true,
        () => false,
      );
      if (saved) t.diagnostic(`screenshot: ${file}`);
    }
    throw error;
  } finally {
    for (const browser of browsers) await browser.close();
  }
}

async function waitForPath(page, pathname) {
  await page.waitForURL((current) => current.pathname === pathname);
}

async function toastShows(page, text) {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
}

async function register(page, texts, account) {
  await page.goto(url('/auth'));
  await page.getByTestId('switch-to-register').click();
  const form = page.getByTestId('register-form');
  await form.locator('input[name="username"]').fill(account.username);
  await form.locator('input[name="email"]').fill(account.email);
  await form.locator('input[name="password"]').fill(account.password);
  await form.locator('input[name="confirmPassword"]').fill(account.password);
  await form.getByRole('button', { name: texts.registerButton, exact: true }).click();
  await waitForPath(page, '/');
  await toastShows(page, texts.registeredPending);
}

async function signIn(page, texts, { username, password }) {
  await page.goto(url('/auth'));
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(username);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole('button', { name: texts.loginButton, exact: true }).click();
  await waitForPath(page, '/');
  await toastShows(page, texts.loggedIn);
}

/** Opens the user menu, hands its content to `inspect`, closes it again. */
async function inUserMenu(page, username, inspect) {
  await expectText(page.getByTestId('user-menu-name'), username);
  await page.getByTestId('user-menu').click();
  const menu = page.getByTestId('user-menu-content');
  await menu.waitFor();
  await inspect(menu);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
}

/** The post editor's card for accounts that may not write yet (an older build may lack it). */
async function editorPendingCard(page, texts) {
  await page.goto(url('/posts/new'));
  const card = page.getByText(texts.editorPendingCard, { exact: true });
  await page.locator('main').getByRole('heading').or(card).first().waitFor();
  return card;
}

async function approveInDashboard(page, texts, username) {
  await page.goto(url('/admin'));
  await expectText(page.getByRole('heading', { level: 1 }), texts.dashboardTitle);
  const allRow = page.getByTestId('users-table').getByRole('row').filter({ hasText: username });
  await expectText(allRow.locator('[data-status]'), texts.pendingBadge);

  await page.getByRole('tab', { name: texts.pendingTab }).click();
  const row = page.getByTestId('pending-table').getByRole('row').filter({ hasText: username });
  await row.getByRole('button', { name: texts.approve, exact: true }).click();
  await toastShows(page, texts.approved);
  await row.waitFor({ state: 'detached' });

  await page.getByRole('tab', { name: /^Users|^Uživatelé/ }).click();
  await expectText(allRow.locator('[data-status]'), texts.approvedBadge);
}

function newAccount() {
  const username = uniqueName('author');
  return { username, email: `${username}@example.com`, password: 'correct horse battery' };
}

/**
 * Registers in one browser, approves in another as the admin, reloads the first: the pending
 * notice (and the editor's pending card, where this build's editor has one) is gone.
 */
async function approvalFlow(t, language) {
  const texts = TEXTS[language];
  const account = newAccount();
  await withBrowsers(t, 2, { language }, async ([author, admin]) => {
    await register(author, texts, account);
    await inUserMenu(author, account.username, async (menu) => {
      await expectText(menu.getByTestId('approval-notice'), texts.pendingNotice);
      assert.equal(await menu.getByText(texts.adminDashboardEntry).count(), 0);
    });

    const card = await editorPendingCard(author, texts);
    const editorHasCard = (await card.count()) > 0;
    if (!editorHasCard) {
      t.diagnostic(`the post editor shows no '${texts.editorPendingCard}' yet; checked the menu`);
    }

    const credentials = adminCredentials();
    await signIn(admin, texts, credentials);
    await inUserMenu(admin, credentials.username, async (menu) => {
      assert.equal(await menu.getByTestId('approval-notice').count(), 0);
      await menu.getByText(texts.adminDashboardEntry).waitFor();
    });
    await approveInDashboard(admin, texts, account.username);

    await author.goto(url('/'));
    await author.reload();
    await inUserMenu(author, account.username, async (menu) => {
      assert.equal(await menu.getByTestId('approval-notice').count(), 0);
    });
    const after = await editorPendingCard(author, texts);
    assert.equal(new URL(author.url()).pathname, '/posts/new', 'the editor let the author in');
    assert.equal(await after.count(), 0, 'the approved author still sees the pending card');
  });
}

test('a new account waits for approval until an admin approves it', async (t) => {
  await approvalFlow(t, 'en');
});

test('the same flow with the Czech interface', async (t) => {
  await approvalFlow(t, 'cs');
});

test('sign-in errors and validation messages come from the spec', async (t) => {
  await withBrowsers(t, 1, {}, async ([page]) => {
    await page.goto(url('/auth'));
    const form = page.getByTestId('login-form');
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectText(page.getByTestId('error-email'), 'Username/Email is required');
    await expectText(page.getByTestId('error-password'), 'Password is required');

    await form.locator('input[name="email"]').fill(uniqueName('nobody'));
    await form.locator('input[name="password"]').fill('not the password');
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectText(page.getByTestId('form-error'), 'Invalid username or password');
    await toastShows(page, 'Login failed');

    await page.getByTestId('switch-to-register').click();
    assert.equal(await page.getByTestId('form-error').count(), 0);
    const register = page.getByTestId('register-form');
    await register.locator('input[name="email"]').fill('not-an-email');
    await register.locator('input[name="password"]').fill('long enough');
    await register.locator('input[name="confirmPassword"]').fill('different');
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await expectText(page.getByTestId('error-email'), 'Please enter a valid email address');
    await expectText(page.getByTestId('error-confirmPassword'), "Passwords don't match");
  });
});

test('logout from the user menu returns to the home page signed out', async (t) => {
  const account = newAccount();
  await withBrowsers(t, 1, {}, async ([page]) => {
    await register(page, TEXTS.en, account);
    await page.goto(url('/profile'));
    await expectText(page.getByTestId('profile-username').locator('dd'), account.username);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await waitForPath(page, '/');
    await toastShows(page, 'Logged out successfully');
    await page.getByTestId('sign-in-button').waitFor();

    await page.goto(url('/profile'));
    await waitForPath(page, '/auth');
    await expectText(page.getByTestId('login-required'), 'You must be logged in to view this page');
  });
});
