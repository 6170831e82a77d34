// Entry point: styles, document language, and the React root.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app';
import { createAppRouter, routerReady } from '@/app/app-router';
import { TakeoverMark } from '@/app/takeover-mark';
import { loadDictionary, syncLanguageCookies } from '@/lib/i18n';
import { watchNavigations } from '@/lib/view-beacon';
import { useLanguageStore } from '@/stores/language-store';

import './index.css';

const language = useLanguageStore.getState().language;
document.documentElement.lang = language;
syncLanguageCookies();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const router = createAppRouter();
watchNavigations(router);

const render = () => {
  // The server's page is already on screen: React builds its own in a transition, in slices
  // that leave the main thread free between them, and swaps it in when it is complete.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
        <TakeoverMark />
      </StrictMode>,
    );
  });
};

// Without its dictionary (a failed chunk) the app still renders, in English.
const dictionary = loadDictionary(language).catch(() => undefined);
void Promise.all([dictionary, routerReady(router)]).then(render);
