// The app: providers around the browser router.
import { RouterProvider } from 'react-router-dom';

import type { AppRouter } from './app-router';
import { AppProvider } from './provider';
import { providerFutureFlags } from './router';

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProvider>
      <RouterProvider router={router} future={providerFutureFlags} />
    </AppProvider>
  );
}
