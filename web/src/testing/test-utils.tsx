// Test helpers: render with a fresh query client (and optionally a memory router), fake fetch.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi, type Mock } from 'vitest';

import { providerFutureFlags, routerFutureFlags } from '@/app/router';
import type { Language } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { useLanguageStore } from '@/stores/language-store';

export function renderWithQueryClient(ui: ReactElement): RenderResult & { client: QueryClient } {
  const client = createQueryClient();
  const result = render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { ...result, client };
}

/** Renders routes in a memory router; returns the router to inspect where it went. */
export function renderRoutes(routes: RouteObject[], initialPath = '/') {
  const router = createMemoryRouter(routes, {
    initialEntries: [initialPath],
    future: routerFutureFlags,
  });
  const result = renderWithQueryClient(
    <RouterProvider router={router} future={providerFutureFlags} />,
  );
  return { ...result, router };
}

export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return pathname + search;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type FetchHandler = (path: string, init?: RequestInit) => Response | Promise<Response>;

/** Replaces global fetch; the handler gets the request path (and init) and answers it. */
export function mockFetch(handler: FetchHandler): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    const path = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url;
    return Promise.resolve(handler(path, init));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function setLanguage(language: Language): void {
  useLanguageStore.setState({ language });
}
