// Vitest setup: jest-dom matchers, and a clean DOM, storage and stores after every test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

import { useToastStore } from '@/components/ui/toast/use-toast';
import { useLanguageStore } from '@/stores/language-store';

// jsdom has no layout; React Router's scroll restoration only needs the call to exist.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  useLanguageStore.setState({ language: 'en', contentLanguage: 'en' });
  useToastStore.setState({ toasts: [] });
});
