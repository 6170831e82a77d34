import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setLanguage } from '@/testing/test-utils';

import { LANGUAGE_POLL_INTERVAL_MS } from '../hooks/use-stored-language';

import { LanguageDemo } from './language-demo';

const welcome = () => screen.getByTestId('language-demo-welcome');

function renderDemo() {
  const onSwitch = vi.fn();
  render(<LanguageDemo onSwitch={onSwitch} />);
  return { onSwitch };
}

describe('LanguageDemo', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the switcher, the welcome block and three cards in the stored language', () => {
    renderDemo();
    expect(screen.getByRole('group', { name: 'Choose a language' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Čeština' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(welcome()).toHaveTextContent('Welcome to PayTech Blog');
    expect(screen.getAllByTestId('language-demo-card')).toHaveLength(3);
    expect(screen.getByTestId('language-demo-current')).toHaveTextContent(
      'Current language: English',
    );
    expect(screen.getByText(/for example March 5, 2024/)).toBeInTheDocument();
  });

  it('starts in Czech when Czech is stored', () => {
    window.localStorage.setItem('language', 'cs');
    renderDemo();
    expect(welcome()).toHaveTextContent('Vítejte na PayTech Blogu');
    expect(screen.getByTestId('language-demo-content')).toHaveAttribute('lang', 'cs');
    expect(screen.getByRole('button', { name: 'Čeština' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('polls the stored language every 500 ms and re-renders when it changes', () => {
    renderDemo();
    window.localStorage.setItem('language', 'cs');
    act(() => {
      vi.advanceTimersByTime(LANGUAGE_POLL_INTERVAL_MS - 1);
    });
    expect(welcome()).toHaveTextContent('Welcome to PayTech Blog');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(welcome()).toHaveTextContent('Vítejte na PayTech Blogu');
    expect(screen.getByTestId('language-demo-current')).toHaveTextContent(
      'Aktuální jazyk: Čeština',
    );

    window.localStorage.setItem('language', 'xx');
    act(() => {
      vi.advanceTimersByTime(LANGUAGE_POLL_INTERVAL_MS);
    });
    expect(welcome()).toHaveTextContent('Welcome to PayTech Blog');
  });

  it('follows storage events at once', () => {
    renderDemo();
    window.localStorage.setItem('language', 'cs');
    act(() => {
      fireEvent(window, new StorageEvent('storage', { key: 'language', newValue: 'cs' }));
    });
    expect(welcome()).toHaveTextContent('Vítejte na PayTech Blogu');
  });

  it('stops polling when it leaves the page', () => {
    const clear = vi.spyOn(window, 'clearInterval');
    const { unmount } = render(<LanguageDemo onSwitch={vi.fn()} />);
    unmount();
    expect(clear).toHaveBeenCalled();
  });

  it('switches to the other language only', () => {
    const { onSwitch } = renderDemo();
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(onSwitch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Čeština' }));
    expect(onSwitch).toHaveBeenCalledWith('cs');
  });

  it('keeps the page chrome in the interface language', () => {
    setLanguage('cs');
    renderDemo();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Ukázka jazyků');
    expect(screen.getByRole('group', { name: 'Vyberte jazyk' })).toBeInTheDocument();
  });
});
