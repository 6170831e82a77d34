// The browser router, created before React renders, and a promise for its first route.
import { createBrowserRouter } from 'react-router-dom';

import { appRoutes, routerFutureFlags } from './router';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(appRoutes, { future: routerFutureFlags });
}

/**
 * Resolves once the router has loaded what the first route needs (a lazy route's chunk). The
 * RouterProvider reads the router's state when it renders and subscribes only when it commits; a
 * transition can put many milliseconds between the two, and an update in that gap (the lazy
 * route arriving) was lost, leaving the page blank. Rendering after this leaves no such gap.
 */
export function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
