import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { reloadPage } from '@/lib/browser';
import { useLanguageStore } from '@/stores/language-store';
import { renderWithQueryClient } from '@/testing/test-utils';

import { LanguageDemoRoute } from './language-demo';

vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn() }));

describe('LanguageDemoRoute', () => {
  it('switches the interface language the way the header does: store, notice, reload', async () => {
    const events = userEvent.setup();
    renderWithQueryClient(<LanguageDemoRoute />);
    expect(document.title).toBe('Language Demo');

    await events.click(screen.getByRole('button', { name: 'Čeština' }));
    expect(window.localStorage.getItem('language')).toBe('cs');
    expect(useLanguageStore.getState().language).toBe('cs');
    expect(window.sessionStorage.getItem('languageSwitched')).toBe('cs');
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
