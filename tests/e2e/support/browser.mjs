// Shared end-to-end helpers: Debian's Chromium through playwright-core, one fresh profile per
// test, the blog's base URL from BLOG_URL, and a screenshot in artifacts/ when a test fails.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts/', import.meta.url));
const DEFAULT_TIMEOUT_MS = 15_000;

/** The blog under test, without a trailing slash; throws when BLOG_URL is not set. */
export function baseUrl() {
  const value = process.env.BLOG_URL;
  if (!value) {
    throw new Error('BLOG_URL is not set: start blogd and point BLOG_URL at it (tools/test does)');
  }
  return value.replace(/\/+$/, '');
}

export function url(pathname) {
  return `${baseUrl()}${pathname}`;
}

/** Starts Chromium on a new temporary profile; close() stops it and deletes the profile. */
export async function launchBrowser() {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'blog-e2e-profile-'));
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
    });
    return {
      context,
      async close() {
        await context.close();
        await rm(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
}

function artifactName(testName) {
  const slug = testName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'test'}.png`;
}

async function saveScreenshot(page, testName) {
  try {
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    const file = path.join(ARTIFACTS_DIR, artifactName(testName));
    await page.screenshot({ path: file, fullPage: true });
    return file;
  } catch {
    return undefined;
  }
}

/**
 * Runs `body(page)` in a fresh browser. The test fails on an uncaught page error too; on any
 * failure a full-page screenshot named after the test lands in tests/e2e/artifacts/.
 */
export async function withPage(t, body) {
  const browser = await launchBrowser();
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(DEFAULT_TIMEOUT_MS);
  // The server's page is on screen before React takes over and replaces it: a test that typed or
  // clicked in the server's copy would lose it. goto() returns once the app has taken over (the
  // mark main.tsx sets), or after a few seconds on a page the app never takes (its own checks then
  // decide).
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await page
      .waitForFunction(() => document.documentElement.dataset.appReady === 'true', null, {
        timeout: 10_000,
      })
      .catch(() => {});
    return response;
  };
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  try {
    await body(page);
    assert.deepEqual(
      pageErrors.map((error) => error.message),
      [],
      'the page threw uncaught errors',
    );
  } catch (error) {
    const file = await saveScreenshot(page, t.name);
    if (file) t.diagnostic(`screenshot: ${file}`);
    throw error;
  } finally {
    await browser.close();
  }
}

/** Waits until the locator's trimmed text equals `expected`; fails with the last text seen. */
export async function expectText(locator, expected, { timeout = DEFAULT_TIMEOUT_MS } = {}) {
  const deadline = Date.now() + timeout;
  let actual;
  for (;;) {
    try {
      actual = (await locator.textContent({ timeout: 1_000 }))?.trim();
    } catch {
      actual = undefined;
    }
    if (actual === expected || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(actual, expected, `text of ${locator}`);
}

/** Clicks something that reloads or navigates the page and waits for the new page's load. */
export async function clickAndWaitForLoad(page, locator) {
  await Promise.all([page.waitForEvent('load'), locator.click()]);
}
