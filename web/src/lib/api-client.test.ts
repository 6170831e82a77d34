import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch } from '@/testing/test-utils';

import { api, ApiError } from './api-client';

describe('api client', () => {
  it('sends credentials and a JSON body, and parses a JSON answer', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ slug: 'hello' }, 201));
    await expect(api.post('/api/posts', { title: 'Hello' })).resolves.toEqual({ slug: 'hello' });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/posts');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"title":"Hello"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends credentials on GET and encodes query parameters', async () => {
    const fetchMock = mockFetch(() => jsonResponse([]));
    await api.get('/api/posts', { params: { language: 'cs', page: undefined } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/posts?language=cs');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
  });

  it('uses the JSON message of a failed answer, with status and fields', async () => {
    mockFetch(() =>
      jsonResponse({ message: 'Title is required', fields: { title: 'Title is required' } }, 400),
    );
    const error: unknown = await api.post('/api/posts', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      message: 'Title is required',
      status: 400,
      fields: { title: 'Title is required' },
    });
  });

  it('falls back to "status: text" when the answer has no JSON message', async () => {
    mockFetch(() => new Response('upstream timed out', { status: 503 }));
    await expect(api.get('/api/posts')).rejects.toMatchObject({
      message: '503: upstream timed out',
      status: 503,
      fields: {},
    });

    mockFetch(() => jsonResponse({ error: 'nope' }, 409));
    await expect(api.get('/api/posts')).rejects.toThrow('409: {"error":"nope"}');
  });

  it('hands back the headers with the body when asked', async () => {
    mockFetch(
      () =>
        new Response('[1,2]', {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'X-Next-Cursor': '170_4' },
        }),
    );
    const { data, headers } = await api.getWithHeaders<number[]>('/api/posts');
    expect(data).toEqual([1, 2]);
    expect(headers.get('X-Next-Cursor')).toBe('170_4');

    mockFetch(() => jsonResponse({ message: 'Post not found' }, 404));
    await expect(api.getWithHeaders('/api/posts/x')).rejects.toThrow('Post not found');
  });

  it('resolves undefined for an empty answer', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/api/admin/posts/1')).resolves.toBeUndefined();
  });
});
