import { describe, expect, it } from 'vitest';

import { resetSessionHint, sessionStarted } from '@/lib/session-hint';
import { jsonResponse, mockFetch } from '@/testing/test-utils';
import type { User } from '@/types/api';

import { getUser, getUserQueryOptions } from './get-user';

const alice: User = {
  id: 1,
  username: 'alice',
  email: 'alice@example.com',
  role: 'user',
  approvalStatus: 'approved',
  emailVerified: true,
  createdAt: '2024-03-05T10:00:00Z',
};

describe('getUser', () => {
  it('returns the user and asks for an uncached answer', async () => {
    const fetchMock = mockFetch(() => jsonResponse(alice));
    await expect(getUser()).resolves.toEqual(alice);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.cache).toBe('no-store');
    expect(new Headers(init?.headers).get('Cache-Control')).toBe('no-cache');
  });

  it('treats 401 as logged out, without an error', async () => {
    mockFetch(() => jsonResponse({ message: 'Not authenticated' }, 401));
    await expect(getUser()).resolves.toBeNull();
  });

  it('raises "Authentication error: {status}" for other failures', async () => {
    mockFetch(() => jsonResponse({ message: 'Database unavailable' }, 503));
    await expect(getUser()).rejects.toMatchObject({
      message: 'Authentication error: 503',
      status: 503,
    });
  });
});

describe('getUser on a page that came without a session cookie', () => {
  function pageWithoutSession() {
    const meta = document.createElement('meta');
    meta.name = 'blog-session';
    meta.content = 'absent';
    document.head.append(meta);
    resetSessionHint();
    return () => {
      meta.remove();
      resetSessionHint();
    };
  }

  it('answers null without asking the server, so the console stays clean', async () => {
    const restore = pageWithoutSession();
    const fetchMock = mockFetch(() => jsonResponse({ message: 'Not authenticated' }, 401));
    await expect(getUser()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    restore();
  });

  it('asks again once the app has signed someone in', async () => {
    const restore = pageWithoutSession();
    const fetchMock = mockFetch(() => jsonResponse(alice));
    sessionStarted();
    await expect(getUser()).resolves.toEqual(alice);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    restore();
  });
});

describe('getUserQueryOptions', () => {
  it('refetches every minute and on focus, fresh for 55 s', () => {
    const options = getUserQueryOptions();
    expect(options.refetchInterval).toBe(60_000);
    expect(options.staleTime).toBe(55_000);
    expect(options.refetchOnWindowFocus).toBe(true);
  });
});
