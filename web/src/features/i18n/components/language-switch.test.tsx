import { act, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toast';
import { reloadPage } from '@/lib/browser';
import { useLanguageStore } from '@/stores/language-store';
import { renderWithQueryClient, setLanguage } from '@/testing/test-utils';

import { useSwitchLanguage } from '../hooks/use-switch-language';

import { LanguageSwitchNotice } from './language-switch-notice';

vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn() }));

// The posts feature owns the filter's toast; the layout passes it in (language-choice.test.tsx).
const filterToast = () => ({ title: 'The filter changed' });

describe('useSwitchLanguage', () => {
  it('stores the language and reloads the page', () => {
    const { result } = renderHook(() => useSwitchLanguage());
    act(() => result.current('cs'));

    expect(window.localStorage.getItem('language')).toBe('cs');
    expect(useLanguageStore.getState().language).toBe('cs');
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});

describe('LanguageSwitchNotice', () => {
  it('confirms the switch once, in the new language, after the reload', () => {
    window.sessionStorage.setItem('languageSwitched', 'cs');
    setLanguage('cs');
    renderWithQueryClient(
      <>
        <LanguageSwitchNotice contentLanguageToast={filterToast} />
        <Toaster />
      </>,
    );
    expect(screen.getByText('Jazyk přepnut na češtinu')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('languageSwitched')).toBeNull();
  });

  it('leaves the notice for the reloaded page when the language changes in place', () => {
    renderWithQueryClient(
      <>
        <LanguageSwitchNotice contentLanguageToast={filterToast} />
        <Toaster />
      </>,
    );
    act(() => {
      window.sessionStorage.setItem('languageSwitched', 'cs');
      setLanguage('cs');
    });
    expect(screen.queryByText('Jazyk přepnut na češtinu')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('languageSwitched')).toBe('cs');
  });

  it('stays silent on an ordinary page load', () => {
    renderWithQueryClient(
      <>
        <LanguageSwitchNotice contentLanguageToast={filterToast} />
        <Toaster />
      </>,
    );
    expect(screen.queryByText('Language switched to English')).not.toBeInTheDocument();
  });
});
