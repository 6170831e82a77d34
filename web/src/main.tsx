// Entry point: styles, document language, and the React root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app';
import { loadDictionary } from '@/lib/i18n';
import { useLanguageStore } from '@/stores/language-store';

import './index.css';

const language = useLanguageStore.getState().language;
document.documentElement.lang = language;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const render = () => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};

// Without its dictionary (a failed chunk) the app still renders, in English.
loadDictionary(language).then(render, render);
