// The newsletter in Chromium: a reader subscribes in Czech from the home page's box, the
// confirmation mail arrives (blogd without SMTP writes it into <data_dir>/mail as .eml), its link
// opens the confirm page, whose button confirms; Admin → Newsletter then lists them as active.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';

import { expectText, url, withPage } from './support/browser.mjs';

const ADMIN_USER = process.env.BLOG_ADMIN_USER ?? 'admin';
const ADMIN_PASSWORD = process.env.BLOG_ADMIN_PASSWORD;

function mailFolder() {
  const work = process.env.BLOG_E2E_WORK;
  assert.ok(work, 'BLOG_E2E_WORK is not set (tools/e2e sets it)');
  return path.join(work, 'data', 'mail');
}

/** The text of a mail as the reader sees it: quoted-printable soft breaks and =3D undone. */
function decoded(raw) {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
}

/** The confirmation link of the first mail to `address`, waiting up to 20 s for it. */
async function confirmationLink(address) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const names = await readdir(mailFolder()).catch(() => []);
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const text = decoded(await readFile(path.join(mailFolder(), name), 'utf8'));
      if (!text.includes(address)) continue;
      const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/.exec(text);
      assert.ok(link, `the mail to ${address} has a confirmation link:\n${text}`);
      return { link: link[0], text };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${address} in ${mailFolder()}`);
}

async function signInAsAdmin(page) {
  assert.ok(ADMIN_PASSWORD, 'BLOG_ADMIN_PASSWORD is not set (tools/e2e sets it)');
  await page.goto(url('/auth'));
  await page.getByLabel('Username or Email').fill(ADMIN_USER);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((current) => current.pathname === '/');
}

test('a reader subscribes in Czech from the home page, confirms by the mailed link, and the admin sees them active', async (t) => {
  const address = `ctenar-${Date.now().toString(36)}@example.com`;

  await withPage(t, async (page) => {
    await page.context().addInitScript(() => window.localStorage.setItem('language', 'cs'));
    await page.goto(url('/'));
    const box = page.getByTestId('newsletter-box');
    await expectText(box.locator('h2'), 'Nové články e-mailem');
    assert.equal(await box.getByTestId('newsletter-language').inputValue(), 'cs');
    await box.getByTestId('newsletter-email').fill(address);
    await box.getByTestId('newsletter-subscribe').click();
    await expectText(
      box.getByTestId('newsletter-done'),
      'Podívejte se do schránky: poslali jsme vám odkaz k potvrzení odběru.',
    );

    const { link, text } = await confirmationLink(address);
    assert.match(text, /Dobrý den/, 'the mail is in Czech');
    const confirmPage = new URL(link);
    // Opening the link changes nothing: only the button confirms.
    await page.goto(url(confirmPage.pathname + confirmPage.search));
    const button = page.getByTestId('newsletter-confirm-button');
    await expectText(button, 'Potvrdit odběr');
    await button.click();
    await expectText(
      page.getByTestId('newsletter-link-done'),
      'Odběr je potvrzen. Nové články vám budou chodit do schránky.',
    );
  });

  await withPage(t, async (page) => {
    await signInAsAdmin(page);
    await page.goto(url('/admin'));
    await page.getByTestId('admin-newsletter-link').click();
    await page.getByTestId('newsletter-search').fill(address);
    const row = page.getByTestId('newsletter-subscriber').filter({ hasText: address });
    await expectText(row.getByTestId('newsletter-subscriber-state'), 'Active');
    await expectText(row.locator('td').nth(1), 'Czech');
    assert.ok(
      Number(await page.getByTestId('newsletter-count-cs-active').textContent()) >= 1,
      'the Czech active count includes them',
    );
  });
});
