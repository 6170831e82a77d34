// Entry point: styles, document language, and the React root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app';
import { useLanguageStore } from '@/stores/language-store';

import './index.css';

document.documentElement.lang = useLanguageStore.getState().language;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
