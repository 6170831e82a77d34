import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { routerReady } from './app-router';

function lazyRouter() {
  let arrive = (): void => undefined;
  const chunk = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        HydrateFallback: () => null,
        children: [
          {
            path: 'auth',
            lazy: async () => {
              await chunk;
              return { Component: () => <p>Sign in</p> };
            },
          },
        ],
      },
    ],
    { initialEntries: ['/auth'] },
  );
  return { router, arrive };
}

describe('routerReady', () => {
  it('waits for the first route’s lazy chunk', async () => {
    const { router, arrive } = lazyRouter();
    let ready = false;
    const waiting = routerReady(router).then(() => {
      ready = true;
    });
    await act(async () => {
      await Promise.resolve();
    });
    expect(ready).toBe(false);
    arrive();
    await waiting;
    expect(router.state.initialized).toBe(true);
  });

  it('lets the app render the route at once, with no update left to miss', async () => {
    const { router, arrive } = lazyRouter();
    arrive();
    await routerReady(router);
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Sign in')).toBeInTheDocument();
  });

  it('resolves at once for a router with nothing to load', async () => {
    const router = createMemoryRouter([{ path: '/', Component: () => <p>Home</p> }]);
    await expect(routerReady(router)).resolves.toBeUndefined();
  });
});
