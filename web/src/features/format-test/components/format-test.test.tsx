import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toast';
import { jsonBodyOf } from '@/testing/request-body';
import {
  currentPath,
  jsonResponse,
  mockFetch,
  renderRoutes,
  setLanguage,
} from '@/testing/test-utils';

import type * as MarkdownFile from '../utils/markdown-file';
import { downloadMarkdown } from '../utils/markdown-file';
import { buildFormatTestPrompt } from '../utils/prompts';
import { testPostPayload } from '../utils/test-post';

import { FormatTest } from './format-test';

vi.mock('../utils/markdown-file', async (importOriginal) => ({
  ...(await importOriginal<typeof MarkdownFile>()),
  downloadMarkdown: vi.fn(),
}));

const ARTICLE = '# Testovací článek\n\n## Key Points\n\n**První bod:** okamžité platby.';

function renderPage(variant: 'en' | 'cs') {
  const events = userEvent.setup();
  const result = renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <FormatTest variant={variant} />
            <Toaster />
          </>
        ),
      },
      { path: '/post/:slug', element: <p>post page</p> },
    ],
    '/',
  );
  return { events, ...result };
}

const button = (testId: string) => screen.getByTestId(`format-test-${testId}`);

async function typeTopic(events: ReturnType<typeof userEvent.setup>, topic: string) {
  await events.type(screen.getByLabelText('Topic'), topic);
}

describe('FormatTest (English)', () => {
  it('needs a topic before it can generate or show the prompt', async () => {
    mockFetch(() => jsonResponse({ content: ARTICLE }));
    const { events } = renderPage('en');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Format Test');
    expect(button('generate')).toBeDisabled();
    expect(button('view-prompt')).toBeDisabled();
    expect(button('download')).toBeDisabled();
    expect(screen.queryByTestId('format-test-create-post')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');

    await typeTopic(events, '   ');
    expect(button('generate')).toBeDisabled();
  });

  it('sends the prompt alone, shows the markdown, the prompt and downloads a .md file', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { events } = renderPage('en');
    await typeTopic(events, 'Open Banking');
    await events.click(button('generate'));

    expect(button('generate')).toBeDisabled();
    expect(button('generate')).toHaveTextContent('Generating...');
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/ai/generate');
    expect(jsonBodyOf(init)).toEqual({ prompt: buildFormatTestPrompt('Open Banking', 'en') });

    answer(jsonResponse({ content: ARTICLE }));
    expect(await screen.findByTestId('format-test-content')).toHaveTextContent(
      '# Testovací článek ## Key Points **První bod:** okamžité platby.',
    );
    expect(screen.getByTestId('format-test-content').textContent).toBe(ARTICLE);

    await events.click(button('view-prompt'));
    expect(screen.getByTestId('format-test-prompt').textContent).toBe(
      buildFormatTestPrompt('Open Banking', 'en'),
    );
    expect(button('view-prompt')).toHaveTextContent('Hide prompt');
    await events.click(button('view-prompt'));
    expect(screen.queryByTestId('format-test-prompt')).not.toBeInTheDocument();

    await events.click(button('download'));
    expect(downloadMarkdown).toHaveBeenCalledWith(ARTICLE, 'open-banking.md');
  });

  it('replaces the content with the error text when generation fails', async () => {
    mockFetch(() => jsonResponse({ message: 'The AI service did not answer in time.' }, 502));
    const { events } = renderPage('en');
    await typeTopic(events, 'Wallets');
    await events.click(button('generate'));
    expect(await screen.findByTestId('format-test-error')).toHaveTextContent(
      'Error generating content. Please try again.',
    );
    expect(screen.getByTestId('format-test-server-message')).toHaveTextContent(
      'The AI service did not answer in time.',
    );
    expect(screen.queryByTestId('format-test-content')).not.toBeInTheDocument();
    expect(button('download')).toBeDisabled();
  });

  it('says so in Czech too', async () => {
    setLanguage('cs');
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { events } = renderPage('en');
    await events.type(screen.getByLabelText('Téma'), 'Peněženky');
    await events.click(screen.getByRole('button', { name: 'Generovat' }));
    expect(await screen.findByTestId('format-test-error')).toHaveTextContent(
      'Chyba při generování obsahu. Zkuste to prosím znovu.',
    );
    expect(screen.queryByTestId('format-test-server-message')).not.toBeInTheDocument();
  });
});

describe('FormatTest (Czech)', () => {
  it('asks for Czech content and creates the test post, then opens it', async () => {
    const fetchMock = mockFetch((path) =>
      path === '/api/posts'
        ? jsonResponse({ slug: 'okamzite-platby' }, 201)
        : jsonResponse({ content: ARTICLE }),
    );
    const { events, router } = renderPage('cs');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Czech Format Test');
    expect(button('create-post')).toHaveTextContent('Create Test Post');
    expect(button('create-post')).toBeDisabled();

    await typeTopic(events, 'Okamžité platby');
    expect(button('create-post')).toBeDisabled();
    await events.click(button('generate'));
    await screen.findByTestId('format-test-content');
    expect(jsonBodyOf(fetchMock.mock.calls[0]?.[1])).toEqual({
      prompt: buildFormatTestPrompt('Okamžité platby', 'cs'),
    });

    expect(button('create-post')).toBeEnabled();
    await events.click(button('create-post'));
    await waitFor(() => expect(currentPath(router)).toBe('/post/okamzite-platby'));
    const [path, init] = fetchMock.mock.calls[1] ?? [];
    expect(path).toBe('/api/posts');
    expect(init?.method).toBe('POST');
    expect(jsonBodyOf(init)).toEqual(testPostPayload('Okamžité platby', ARTICLE));
    expect(jsonBodyOf(init)).toMatchObject({
      title: 'Okamžité platby',
      category: 'Fintech',
      language: 'cs',
      published: true,
      coverImage: '',
    });
  });

  it('reports a failed creation with a destructive toast and stays', async () => {
    mockFetch((path) =>
      path === '/api/posts'
        ? jsonResponse({ message: 'A post with this slug already exists' }, 409)
        : jsonResponse({ content: ARTICLE }),
    );
    const { events, router } = renderPage('cs');
    await typeTopic(events, 'Okamžité platby');
    await events.click(button('generate'));
    await screen.findByTestId('format-test-content');
    await events.click(button('create-post'));

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Failed to create test post');
    expect(toast).toHaveTextContent('A post with this slug already exists');
    expect(currentPath(router)).toBe('/');
  });

  it('needs the topic as well as the content', async () => {
    mockFetch(() => jsonResponse({ content: ARTICLE }));
    const { events } = renderPage('cs');
    await typeTopic(events, 'Platby');
    await events.click(button('generate'));
    await screen.findByTestId('format-test-content');
    expect(button('create-post')).toBeEnabled();
    await events.clear(screen.getByLabelText('Topic'));
    expect(button('create-post')).toBeDisabled();
  });
});
