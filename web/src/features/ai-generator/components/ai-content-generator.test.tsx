import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toast';
import { installRadixPolyfills } from '@/testing/radix-polyfills';
import { jsonBodyOf } from '@/testing/request-body';
import { jsonResponse, mockFetch, renderWithQueryClient, setLanguage } from '@/testing/test-utils';

import { buildPrompt } from '../utils/build-prompt';
import { DEFAULT_QUICK_OPTIONS } from '../utils/options';

import { AiContentGenerator } from './ai-content-generator';

beforeAll(installRadixPolyfills);

const ARTICLE = '# Test Article\n\n## Key Points\n\n**First point:** fast payments.';

function renderCard() {
  const events = userEvent.setup();
  const onInsert = vi.fn<(html: string) => void>();
  renderWithQueryClient(
    <>
      <AiContentGenerator onInsert={onInsert} />
      <Toaster />
    </>,
  );
  return { events, onInsert };
}

async function choose(events: ReturnType<typeof userEvent.setup>, testId: string, name: string) {
  await events.click(screen.getByTestId(testId));
  await events.click(await screen.findByRole('option', { name }));
}

const generateButton = () => screen.getByTestId('ai-generate');

describe('AiContentGenerator', () => {
  it('shows the quick options with their defaults', () => {
    mockFetch(() => jsonResponse({ content: ARTICLE }));
    renderCard();
    expect(screen.getByTestId('ai-generator')).toHaveTextContent('AI Content Generator');
    expect(screen.getByTestId('ai-content-type')).toHaveTextContent('Full article');
    expect(screen.getByTestId('ai-topic')).toHaveTextContent('Digital payments');
    expect(screen.getByTestId('ai-length')).toHaveTextContent('Medium (500-800 words)');
    expect(screen.getByTestId('ai-language')).toHaveTextContent('English');
    expect(generateButton()).toBeEnabled();
  });

  it('sends the built prompt, is busy meanwhile, then inserts the HTML and confirms', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { events, onInsert } = renderCard();
    await events.click(generateButton());

    expect(generateButton()).toBeDisabled();
    expect(generateButton()).toHaveTextContent('Generating...');
    expect(screen.getByTestId('ai-generator')).toHaveAttribute('aria-busy', 'true');
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/ai/generate');
    expect(init?.method).toBe('POST');
    expect(jsonBodyOf(init)).toEqual({
      prompt: buildPrompt(DEFAULT_QUICK_OPTIONS),
      language: 'en',
    });

    answer(jsonResponse({ content: ARTICLE }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Content generated');
    expect(toast).toHaveTextContent('AI-generated content has been added to the editor.');
    expect(onInsert).toHaveBeenCalledWith(
      '<h1>Test Article</h1><h2>Key Points</h2><p><strong>First point:</strong> fast payments.</p>',
    );
    expect(generateButton()).toBeEnabled();
    expect(generateButton()).toHaveTextContent('Generate Content');
  });

  it('sends the chosen options: an outline in Czech about open banking, long', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ content: ARTICLE }));
    const { events, onInsert } = renderCard();
    await choose(events, 'ai-content-type', 'Outline');
    await choose(events, 'ai-topic', 'Open banking');
    await choose(events, 'ai-length', 'Long (800-1200 words)');
    await choose(events, 'ai-language', 'Czech');
    await events.click(generateButton());

    await waitFor(() => expect(onInsert).toHaveBeenCalled());
    expect(jsonBodyOf(fetchMock.mock.calls[0]?.[1])).toEqual({
      prompt: buildPrompt({
        contentType: 'outline',
        topic: 'open-banking',
        length: 'long',
        language: 'cs',
      }),
      language: 'cs',
    });
  });

  it('sends a custom prompt, and only once it is not blank', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ content: 'Just a paragraph.' }));
    const { events, onInsert } = renderCard();
    await events.click(screen.getByTestId('ai-mode-custom'));
    expect(generateButton()).toBeDisabled();

    await events.type(screen.getByLabelText('Prompt'), '   ');
    expect(generateButton()).toBeDisabled();

    await events.type(screen.getByLabelText('Prompt'), 'Write about QR payments  ');
    expect(generateButton()).toBeEnabled();
    await events.click(generateButton());

    await waitFor(() => expect(onInsert).toHaveBeenCalledWith('<p>Just a paragraph.</p>'));
    expect(jsonBodyOf(fetchMock.mock.calls[0]?.[1])).toEqual({
      prompt: 'Write about QR payments',
      language: 'en',
    });

    await events.click(screen.getByTestId('ai-mode-quick'));
    expect(generateButton()).toBeEnabled();
  });

  it('reports a failure with the spec texts and shows the server message under the button', async () => {
    const message = 'The AI assistant is not configured. Set BLOG_AI_BASE_URL, then restart blogd.';
    mockFetch(() => jsonResponse({ message }, 503));
    const { events, onInsert } = renderCard();
    await events.click(generateButton());

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Generation failed');
    expect(toast).toHaveTextContent('There was an error generating the content. Please try again.');
    expect(screen.getByTestId('ai-server-message')).toHaveTextContent(message);
    expect(onInsert).not.toHaveBeenCalled();
    expect(generateButton()).toBeEnabled();
  });

  it('treats an answer without content as a failure', async () => {
    mockFetch(() => jsonResponse({ content: '  ' }));
    const { events, onInsert } = renderCard();
    await events.click(generateButton());
    expect(await screen.findByTestId('toast')).toHaveTextContent('Generation failed');
    expect(screen.queryByTestId('ai-server-message')).not.toBeInTheDocument();
    expect(onInsert).not.toHaveBeenCalled();
  });

  it('speaks Czech', async () => {
    setLanguage('cs');
    mockFetch(() => jsonResponse({ message: 'Too many generation requests.' }, 429));
    const { events } = renderCard();
    expect(screen.getByTestId('ai-generator')).toHaveTextContent('Generátor obsahu s AI');
    expect(screen.getByTestId('ai-content-type')).toHaveTextContent('Celý článek');
    expect(screen.getByTestId('ai-length')).toHaveTextContent('Střední (500–800 slov)');
    expect(generateButton()).toHaveTextContent('Generovat obsah');
    await events.click(generateButton());
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Generování selhalo');
    expect(screen.getByTestId('ai-server-message')).toHaveTextContent(
      'Zpráva serveru: Too many generation requests.',
    );
  });
});

describe('AiContentGenerator with a changing callback', () => {
  it('inserts through the callback of the latest render', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const events = userEvent.setup();
    const first = vi.fn<(html: string) => void>();
    const second = vi.fn<(html: string) => void>();
    const { rerender, client } = renderWithQueryClient(<AiContentGenerator onInsert={first} />);
    await events.click(screen.getByTestId('ai-generate'));
    rerender(
      <QueryClientProvider client={client}>
        <AiContentGenerator onInsert={second} />
      </QueryClientProvider>,
    );
    answer(jsonResponse({ content: 'Text' }));
    await waitFor(() => expect(second).toHaveBeenCalledWith('<p>Text</p>'));
    expect(first).not.toHaveBeenCalled();
  });
});
