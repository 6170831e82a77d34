// Makes a Chromium profile a Czech reader's, as the app leaves it when the reader chooses Czech:
// 'language' and 'contentLanguage' = 'cs' in localStorage and in cookies. Only the favicon is
// loaded to get there, so the page under test still comes from the network.
// Usage: node czech-profile.mjs BASE_URL PROFILE_DIR   (CHROME_PATH: the Chromium to drive)
import puppeteer from 'puppeteer-core';

const [base, profile] = process.argv.slice(2);
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  userDataDir: profile,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  await page.goto(`${base}/favicon.svg`);
  const expires = Math.floor(Date.now() / 1000) + 86400;
  for (const name of ['language', 'contentLanguage']) {
    await page.setCookie({ name, value: 'cs', url: base, expires, sameSite: 'Lax' });
  }
  await page.evaluate(() => {
    window.localStorage.setItem('language', 'cs');
    window.localStorage.setItem('contentLanguage', 'cs');
  });
} finally {
  await browser.close();
}
