import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { useToastStore } from '@/components/ui/toast/use-toast';
import { cs } from '@/lib/i18n/cs';
import { en } from '@/lib/i18n/en';
import { useLanguageStore } from '@/stores/language-store';
import { renderWithQueryClient, setLanguage } from '@/testing/test-utils';

import { contentLanguageToast } from '../hooks/use-change-content-language';

import { ContentLanguageSelect } from './content-language-select';

const toasts = () => useToastStore.getState().toasts;

describe('contentLanguageToast', () => {
  it('has the spec texts in English and Czech', () => {
    expect(contentLanguageToast(en, 'en')).toEqual({
      title: 'Language Filter Changed',
      description: 'Now showing only English posts',
    });
    expect(contentLanguageToast(en, 'cs')).toEqual({
      title: 'Language Filter Changed',
      description: 'Now showing Czech and English posts',
    });
    expect(contentLanguageToast(cs, 'cs')).toEqual({
      title: 'Filtr jazyka změněn',
      description: 'Zobrazují se anglické i české příspěvky',
    });
    expect(contentLanguageToast(cs, 'en')).toEqual({
      title: 'Filtr jazyka změněn',
      description: 'Zobrazují se pouze anglické příspěvky',
    });
  });
});

describe('ContentLanguageSelect', () => {
  it('stores the choice and confirms it with a toast', async () => {
    const user = userEvent.setup();
    renderWithQueryClient(<ContentLanguageSelect />);
    expect(screen.getByRole('radio', { name: 'English only' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Czech + English' }));
    expect(useLanguageStore.getState().contentLanguage).toBe('cs');
    expect(window.localStorage.getItem('contentLanguage')).toBe('cs');
    expect(screen.getByRole('radio', { name: 'Czech + English' })).toBeChecked();
    expect(toasts()[0]).toMatchObject({
      title: 'Language Filter Changed',
      description: 'Now showing Czech and English posts',
    });

    await user.click(screen.getByRole('radio', { name: 'English only' }));
    expect(window.localStorage.getItem('contentLanguage')).toBe('en');
    expect(toasts()[0]?.description).toBe('Now showing only English posts');
  });

  it('stays quiet when the current choice is clicked again', async () => {
    const user = userEvent.setup();
    renderWithQueryClient(<ContentLanguageSelect />);
    await user.click(screen.getByRole('radio', { name: 'English only' }));
    expect(toasts()).toEqual([]);
  });

  it('moves with the arrow keys and speaks Czech', async () => {
    const user = userEvent.setup();
    setLanguage('cs');
    renderWithQueryClient(<ContentLanguageSelect />);
    expect(screen.getByRole('radiogroup', { name: 'Jazyk obsahu' })).toBeInTheDocument();
    screen.getByRole('radio', { name: 'Pouze angličtina' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Čeština + angličtina' })).toHaveFocus();
    expect(toasts()[0]).toMatchObject({
      title: 'Filtr jazyka změněn',
      description: 'Zobrazují se anglické i české příspěvky',
    });
  });
});
