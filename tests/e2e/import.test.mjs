// Admin → Import in Chromium: an admin uploads a small WordPress export, sees the progress, then
// the report (counts, the skipped items with their reasons) in English; the same file again gives
// "unchanged" in Czech, with the server's report texts (format, reasons, what is not ours) in Czech. The e2e suite shares one blog, so the export holds only drafts (in the
// existing category Fintech, owned by the admin, under slugs of this run): nothing other tests read
// (the home page, categories, search, other accounts) changes.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

import { expectText, url, withPage } from './support/browser.mjs';

const ADMIN_USER = process.env.BLOG_ADMIN_USER ?? 'admin';
const ADMIN_PASSWORD = process.env.BLOG_ADMIN_PASSWORD;

async function signInAsAdmin(page) {
  assert.ok(ADMIN_PASSWORD, 'BLOG_ADMIN_PASSWORD is not set (tools/e2e sets it)');
  await page.goto(url('/auth'));
  await page.getByLabel('Username or Email').fill(ADMIN_USER);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((current) => current.pathname === '/');
}

/** A Polylang export of this run: an English draft, a Czech pending post, one in the bin, one in German, a page. */
function exportOf(run, firstId) {
  const item = (id, title, status, language, type = 'post') => `
  <item>
    <title>${title}</title>
    <content:encoded><![CDATA[<p>${title}: a draft moved in by the end-to-end test.</p>]]></content:encoded>
    <wp:post_id>${id}</wp:post_id>
    <wp:post_date_gmt>2024-06-01 10:00:00</wp:post_date_gmt>
    <wp:post_name>${title.toLowerCase().replaceAll(' ', '-')}</wp:post_name>
    <wp:status>${status}</wp:status>
    <wp:post_type>${type}</wp:post_type>
    <category domain="category" nicename="fintech"><![CDATA[Fintech]]></category>
    <category domain="language" nicename="${language}"><![CDATA[${language}]]></category>
  </item>`;
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
  xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>E2E old blog</title>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>https://e2e-${run}.example</wp:base_site_url>
  ${item(firstId, `Imported draft ${run}`, 'draft', 'en')}
  ${item(firstId + 1, `Importovany koncept ${run}`, 'pending', 'cs')}
  ${item(firstId + 2, `Binned ${run}`, 'trash', 'en')}
  ${item(firstId + 3, `Entwurf ${run}`, 'draft', 'de')}
  ${item(firstId + 4, `About ${run}`, 'publish', 'en', 'page')}
</channel>
</rss>
`;
}

test('an admin imports a WordPress export and reads the report, and the same file again is unchanged in Czech', async (t) => {
  const run = Date.now().toString(36);
  const firstId = 900_000 + (Date.now() % 90_000) * 10;
  const dir = await mkdtemp(path.join(tmpdir(), 'blog-e2e-import-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'old-blog.xml');
  await writeFile(file, exportOf(run, firstId));

  await withPage(t, async (page) => {
    await signInAsAdmin(page);
    await page.goto(url('/admin/import'));
    const panel = page.getByTestId('import-panel');
    await panel.getByLabel('Export file').setInputFiles(file);
    await panel.getByTestId('import-start').click();
    // A node picks the job up within a second or so: the progress shows until then.
    await panel.getByTestId('import-progress').waitFor();
    await panel.getByTestId('import-done').waitFor({ timeout: 30_000 });
    await expectText(panel.getByTestId('import-done'), 'Import finished');

    const counts = panel.getByTestId('import-counts');
    const count = (label) =>
      counts.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expectText(count('Format'), 'WordPress export (WXR 1.2)');
    await expectText(count('Posts created'), '2');
    await expectText(count('Skipped'), '2');
    const skipped = panel.getByTestId('import-skipped');
    await expectText(
      skipped
        .getByRole('row')
        .filter({ hasText: String(firstId + 2) })
        .getByRole('cell')
        .nth(1),
      'status trash',
    );
    await expectText(
      skipped
        .getByRole('row')
        .filter({ hasText: String(firstId + 3) })
        .getByRole('cell')
        .nth(1),
      'language de',
    );
    await expectText(
      panel.locator('p', { hasText: 'Not imported (not ours)' }),
      'Not imported (not ours): pages 1',
    );

    // Both came in as drafts, not on any page a reader sees.
    const mine = await page.evaluate(async () => (await fetch('/api/admin/posts')).json());
    const imported = mine.filter((p) => p.title.endsWith(run));
    assert.equal(imported.length, 2, JSON.stringify(imported));
    assert.ok(imported.every((p) => p.published === false && p.category === 'Fintech'));
  });

  await withPage(t, async (page) => {
    await signInAsAdmin(page);
    await page.evaluate(() => window.localStorage.setItem('language', 'cs'));
    await page.goto(url('/admin/import'));
    const panel = page.getByTestId('import-panel');
    await panel.getByLabel('Soubor s exportem').setInputFiles(file);
    await panel.getByTestId('import-start').click();
    await panel.getByTestId('import-done').waitFor({ timeout: 30_000 });
    await expectText(panel.getByTestId('import-done'), 'Import je hotový');
    const counts = panel.getByTestId('import-counts');
    const count = (label) =>
      counts.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expectText(count('Nezměněné příspěvky'), '2');
    await expectText(count('Vytvořené příspěvky'), '0');
    // The server's English report texts, shown in the interface language.
    await expectText(count('Formát'), 'Export z WordPressu (WXR 1.2)');
    const skipped = panel.getByTestId('import-skipped');
    const reason = (id) =>
      skipped.getByRole('row').filter({ hasText: String(id) }).getByRole('cell').nth(1);
    await expectText(reason(firstId + 2), 'stav trash');
    await expectText(reason(firstId + 3), 'jazyk de');
    await expectText(
      panel.locator('p', { hasText: 'Neimportováno (u nás není)' }),
      'Neimportováno (u nás není): stránky 1',
    );
  });
});
