// Home page: the hero from the server's site settings, both interface languages, the language
// switcher, the search box and the not-found screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { expectText, url, withPage } from './support/browser.mjs';

/** Waits for the toast titled `title` (one shows at a time) and checks its description. */
async function waitForToast(page, title, description) {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.first().waitFor({ timeout: 15_000 });
  await expectText(toast.first().getByText(description, { exact: true }), description);
}

const DEFAULT_DESCRIPTION =
  'Expert insights and analysis on payment technologies, fintech innovations, and industry trends.';

test('home page shows the hero with the server settings in English', async (t) => {
  await withPage(t, async (page) => {
    const response = await page.goto(url('/'));
    assert.equal(response?.status(), 200);

    await expectText(page.getByTestId('hero-title'), 'PayTech Blog');
    await expectText(page.getByTestId('hero-badge'), 'Professional Payment Blog');
    await expectText(page.getByTestId('hero-description'), DEFAULT_DESCRIPTION);
    await expectText(page.getByRole('heading', { level: 2 }).first(), 'Latest Articles');
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');

    const hero = page.getByTestId('hero');
    assert.equal(await hero.getAttribute('data-image-position'), 'left');
    const background = await hero.evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.equal(background, 'rgb(30, 41, 59)');

    const image = page.getByTestId('hero-image');
    assert.equal(await image.getAttribute('src'), '/uploads/payments-hero.svg');
    await image.evaluate((img) =>
      img.complete && img.naturalWidth > 0
        ? undefined
        : new Promise((resolve, reject) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', () => reject(new Error('hero image failed')), {
              once: true,
            });
          }),
    );

    assert.equal(await page.getByPlaceholder('Search articles...').count(), 1);
    await expectText(page.getByTestId('search-button'), 'Search');
    await expectText(page.getByTestId('sign-in-button'), 'Sign In');
    assert.equal(await page.getByTestId('sign-in-button').getAttribute('href'), '/auth');
  });
});

test('a stored language of cs shows the Czech interface after a reload', async (t) => {
  await withPage(t, async (page) => {
    await page.goto(url('/'));
    await expectText(page.getByTestId('hero-badge'), 'Professional Payment Blog');

    await page.evaluate(() => window.localStorage.setItem('language', 'cs'));
    await page.reload();

    await expectText(page.getByTestId('hero-badge'), 'Profesionální blog o platbách');
    await expectText(page.getByRole('heading', { level: 2 }).first(), 'Nejnovější příspěvky');
    await expectText(page.getByTestId('hero-title'), 'PayTech Blog');
    assert.equal(await page.locator('html').getAttribute('lang'), 'cs');
  });
});

test('the language switcher changes the language with a toast and a reload', async (t) => {
  await withPage(t, async (page) => {
    await page.goto(url('/'));
    await expectText(page.getByTestId('hero-badge'), 'Professional Payment Blog');
    await page.evaluate(() => {
      window.beforeLanguageSwitch = true;
    });

    await Promise.all([
      page.waitForEvent('load'),
      page.getByTestId('language-switcher').selectOption('cs'),
    ]);

    await expectText(page.getByTestId('hero-badge'), 'Profesionální blog o platbách');
    assert.equal(await page.evaluate(() => window.beforeLanguageSwitch), undefined, 'reloaded');
    assert.equal(await page.evaluate(() => window.localStorage.getItem('language')), 'cs');
    await expectText(page.getByTestId('toast').first(), 'Jazyk přepnut na češtinu');
    // A visitor who never chose a content filter gets Czech plus English (issue 28), from the
    // server's first paint on, and the filter's toast once the first one has gone.
    assert.equal(
      await page.getByTestId('content-language-cs').getAttribute('aria-checked'),
      'true',
    );
    assert.equal(await page.evaluate(() => window.localStorage.getItem('contentLanguage')), 'cs');
    // Czech posts are listed, and the English ones say they are English (WCAG 3.1.2).
    await page.locator('[data-testid="post-card"] [lang="cs"]').first().waitFor();
    await page.locator('[data-testid="post-card"] [lang="en"]').first().waitFor();
    await waitForToast(page, 'Filtr jazyka změněn', 'Zobrazují se anglické i české příspěvky');

    await Promise.all([
      page.waitForEvent('load'),
      page.getByTestId('language-switcher').selectOption('en'),
    ]);

    await expectText(page.getByTestId('hero-badge'), 'Professional Payment Blog');
    assert.equal(await page.evaluate(() => window.localStorage.getItem('language')), 'en');
    await expectText(page.getByTestId('toast').first(), 'Language switched to English');
    // The filter followed the interface language, so it follows it back.
    await waitForToast(page, 'Language Filter Changed', 'Now showing only English posts');
    assert.equal(
      await page.getByTestId('content-language-en').getAttribute('aria-checked'),
      'true',
    );
  });
});

test('a content filter the visitor chose stays when the interface language changes', async (t) => {
  await withPage(t, async (page) => {
    await page.goto(url('/'));
    await page.getByTestId('content-language-cs').click();
    await page.getByTestId('content-language-en').click();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByTestId('language-switcher').selectOption('cs'),
    ]);

    await expectText(page.getByTestId('toast').first(), 'Jazyk přepnut na češtinu');
    assert.equal(
      await page.getByTestId('content-language-en').getAttribute('aria-checked'),
      'true',
    );
    assert.equal(await page.evaluate(() => window.localStorage.getItem('contentLanguage')), 'en');
  });
});

test('the hero search box opens the search page with the encoded query', async (t) => {
  await withPage(t, async (page) => {
    await page.goto(url('/'));
    await page.getByTestId('search-input').fill('  open banking ');
    await page.getByTestId('search-button').click();

    await page.waitForURL((current) => current.pathname === '/search');
    assert.equal(new URL(page.url()).search, '?q=open%20banking');
    await expectText(page.getByTestId('page-title'), 'Search Results for "open banking"');
  });
});

test('an unknown path shows the 404 screen', async (t) => {
  await withPage(t, async (page) => {
    await page.goto(url('/no-such-page'));
    await expectText(page.getByTestId('status-title'), '404 Page Not Found');
    await expectText(
      page.getByTestId('status-message'),
      'The page you are looking for does not exist.',
    );
    await expectText(
      page.getByTestId('status-hint'),
      'Did you forget to add the page to the router?',
    );
  });
});
