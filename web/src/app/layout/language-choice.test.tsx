// Issue 28: a visitor switching the interface to Czech who never chose a content filter gets
// Czech plus English, confirmed after the reload; a chosen filter is never overridden.
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toast';
import { LanguageSwitchNotice } from '@/features/i18n/components/language-switch-notice';
import { LanguageSwitcher } from '@/features/i18n/components/language-switcher';
import { ContentLanguageSelect } from '@/features/posts/components/content-language-select';
import { contentLanguageToast } from '@/features/posts/hooks/use-change-content-language';
import { reloadPage } from '@/lib/browser';
import { readStoredLanguage } from '@/lib/i18n';
import { useLanguageStore } from '@/stores/language-store';
import { renderWithQueryClient } from '@/testing/test-utils';

vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn() }));

/** The header's switcher, the sidebar's filter and the layout's notice, as RootLayout has them. */
function renderPage() {
  return renderWithQueryClient(
    <>
      <LanguageSwitcher />
      <ContentLanguageSelect />
      <LanguageSwitchNotice contentLanguageToast={contentLanguageToast} />
      <Toaster />
    </>,
  );
}

/** What a reload does: the page goes, the store starts again from browser storage. */
function reload(page: ReturnType<typeof renderPage>) {
  page.unmount();
  useLanguageStore.setState({
    language: readStoredLanguage('language'),
    contentLanguage: readStoredLanguage('contentLanguage'),
  });
  return renderPage();
}

async function switchTo(language: 'en' | 'cs') {
  await userEvent.setup().selectOptions(screen.getByTestId('language-switcher'), language);
}

/** The reader closes the toast with its button (a plain click: jsdom has no pointer capture). */
function closeToast(label: string) {
  fireEvent.click(screen.getByRole('button', { name: label }));
}

beforeEach(() => {
  for (const key of ['language', 'contentLanguage']) document.cookie = `${key}=; Path=/; Max-Age=0`;
});

describe('the content filter of a visitor who switches the interface language', () => {
  it('becomes Czech plus English for a first-time Czech reader, with the filter toast', async () => {
    let page = renderPage();
    await switchTo('cs');
    expect(reloadPage).toHaveBeenCalled();
    expect(window.localStorage.getItem('contentLanguage')).toBe('cs');
    // The server renders the reloaded page's list from the cookie.
    expect(document.cookie).toContain('contentLanguage=cs');

    page = reload(page);
    expect(screen.getByRole('radio', { name: 'Čeština + angličtina' })).toBeChecked();
    // One toast at a time: the switch's own, then the filter's (here the reader closes the first).
    expect(screen.getByText('Jazyk přepnut na češtinu')).toBeInTheDocument();
    expect(screen.queryByText('Filtr jazyka změněn')).not.toBeInTheDocument();
    closeToast('Zavřít');
    expect(await screen.findByText('Filtr jazyka změněn')).toBeInTheDocument();
    expect(screen.getByText('Zobrazují se anglické i české příspěvky')).toBeInTheDocument();

    // It followed the interface language, so it follows it back to English only.
    await switchTo('en');
    reload(page);
    expect(window.localStorage.getItem('contentLanguage')).toBe('en');
    expect(screen.getByRole('radio', { name: 'English only' })).toBeChecked();
    expect(screen.getByText('Language switched to English')).toBeInTheDocument();
    closeToast('Close');
    expect(await screen.findByText('Now showing only English posts')).toBeInTheDocument();
  });

  it("keeps the visitor's own choice made before a switch", async () => {
    const user = userEvent.setup();
    const page = renderPage();
    await user.click(screen.getByRole('radio', { name: 'Czech + English' }));
    await user.click(screen.getByRole('radio', { name: 'English only' }));
    await switchTo('cs');
    reload(page);
    expect(window.localStorage.getItem('contentLanguage')).toBe('en');
    expect(screen.getByRole('radio', { name: 'Pouze angličtina' })).toBeChecked();
    expect(screen.getByText('Jazyk přepnut na češtinu')).toBeInTheDocument();
    closeToast('Zavřít');
    expect(screen.queryByText('Filtr jazyka změněn')).not.toBeInTheDocument();
  });

  it('keeps a choice made after a switch had set the filter', async () => {
    const user = userEvent.setup();
    let page = renderPage();
    await switchTo('cs');
    page = reload(page);
    await user.click(screen.getByRole('radio', { name: 'Pouze angličtina' }));
    await switchTo('en');
    page = reload(page);
    await switchTo('cs');
    reload(page);
    expect(window.localStorage.getItem('contentLanguage')).toBe('en');
    expect(screen.getByRole('radio', { name: 'Pouze angličtina' })).toBeChecked();
  });

  it('keeps a filter stored before filters could follow the language', async () => {
    window.localStorage.setItem('contentLanguage', 'en');
    const page = renderPage();
    await switchTo('cs');
    reload(page);
    expect(window.localStorage.getItem('contentLanguage')).toBe('en');
    expect(screen.getByText('Jazyk přepnut na češtinu')).toBeInTheDocument();
  });

  it('stays English only, and says nothing, for a visitor who never switches', () => {
    const page = renderPage();
    reload(page);
    expect(screen.getByRole('radio', { name: 'English only' })).toBeChecked();
    expect(window.localStorage.getItem('contentLanguage')).toBeNull();
    expect(screen.queryByText('Language Filter Changed')).not.toBeInTheDocument();
  });
});
