// The app: providers around the browser router.
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

import { AppProvider } from './provider';
import { appRoutes, providerFutureFlags, routerFutureFlags } from './router';

function AppRouter() {
  const [router] = useState(() => createBrowserRouter(appRoutes, { future: routerFutureFlags }));
  return <RouterProvider router={router} future={providerFutureFlags} />;
}

export function App() {
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  );
}
