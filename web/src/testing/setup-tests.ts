// Vitest setup: jest-dom matchers, and a clean DOM, storage and stores after every test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import { useToastStore } from '@/components/ui/toast/use-toast';
import { loadDictionary } from '@/lib/i18n';
import { useLanguageStore } from '@/stores/language-store';

// A lazy route's first load transforms its modules on demand, which takes seconds on a busy
// two-core machine: findBy* and waitFor wait up to 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5000 });

// Tests switch languages in place; the app loads the Czech dictionary before it renders.
await loadDictionary('cs');

// jsdom has no layout; React Router's scroll restoration only needs the call to exist.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  useLanguageStore.setState({ language: 'en', contentLanguage: 'en' });
  useToastStore.setState({ toasts: [] });
});
