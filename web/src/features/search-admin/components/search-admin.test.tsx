import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonBodyOf } from '@/testing/request-body';
import { jsonResponse, mockFetch, renderWithQueryClient, setLanguage } from '@/testing/test-utils';

import { GlossaryEditor } from './glossary-editor';
import { SearchStatsCard } from './search-stats-card';

const week = {
  top: [
    { query: 'open banking', count: 12 },
    { query: 'poplatky', count: 4 },
  ],
  zeroResults: [{ query: 'bnpl', count: 3 }],
};
const month = { top: [{ query: 'sepa', count: 40 }], zeroResults: [] };

describe('SearchStatsCard', () => {
  it('shows the top queries and those without results, for 7 days and then 30', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch((path) =>
      path === '/api/admin/search-stats?days=30' ? jsonResponse(month) : jsonResponse(week),
    );
    renderWithQueryClient(<SearchStatsCard />);

    const top = await screen.findByTestId('search-stats-top');
    expect(within(top).getByRole('heading')).toHaveTextContent('Top queries');
    expect(
      within(top)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['open banking12', 'poplatky4']);
    const zero = screen.getByTestId('search-stats-zero');
    expect(within(zero).getByRole('heading')).toHaveTextContent('Top queries with no results');
    expect(zero).toHaveTextContent('bnpl3');

    await user.click(screen.getByRole('tab', { name: 'Last 30 days' }));
    expect(await screen.findByText('sepa')).toBeInTheDocument();
    expect(screen.getByTestId('search-stats-zero')).toHaveTextContent(
      'Every search found something',
    );
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/admin/search-stats?days=7',
      '/api/admin/search-stats?days=30',
    ]);
  });

  it('says when loading fails and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch(() => (fail ? jsonResponse({ message: 'Forbidden' }, 403) : jsonResponse(week)));
    renderWithQueryClient(<SearchStatsCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch search statistics');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('open banking')).toBeInTheDocument();
  });

  it('speaks Czech', async () => {
    setLanguage('cs');
    mockFetch(() => jsonResponse({ top: [], zeroResults: [] }));
    renderWithQueryClient(<SearchStatsCard />);
    expect(await screen.findByText('Nejčastější dotazy bez výsledků')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Posledních 30 dní' })).toBeInTheDocument();
    expect(screen.getAllByText('Zatím nikdo nehledal')).toHaveLength(2);
  });
});

const glossary = {
  terms: [
    { en: 'instant payment', cs: 'okamžitá platba' },
    { en: 'card', cs: 'karta' },
  ],
  version: 3,
};

describe('GlossaryEditor', () => {
  it('edits, adds and removes pairs and saves the whole list', async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    mockFetch((_path, init) => {
      if (init?.method === 'PUT') {
        puts.push(jsonBodyOf(init));
        return jsonResponse({ ...(jsonBodyOf(init) as object), version: 4 });
      }
      return jsonResponse(glossary);
    });
    renderWithQueryClient(<GlossaryEditor />);

    const english2 = await screen.findByRole('textbox', { name: 'English term 2' });
    await user.clear(english2);
    await user.type(english2, 'payment card');
    await user.click(screen.getByRole('button', { name: 'Remove term 1' }));
    await user.click(screen.getByRole('button', { name: 'Add term' }));
    await user.type(screen.getByRole('textbox', { name: 'English term 2' }), 'fee');
    await user.type(screen.getByRole('textbox', { name: 'Czech term 2' }), 'poplatek');
    await user.click(screen.getByRole('button', { name: 'Save glossary' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      terms: [
        { en: 'payment card', cs: 'karta' },
        { en: 'fee', cs: 'poplatek' },
      ],
    });
    expect(await screen.findAllByTestId('glossary-row')).toHaveLength(2);
  });

  it('shows its own checks by field and sends nothing until they pass', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(() => jsonResponse(glossary));
    renderWithQueryClient(<GlossaryEditor />);

    await user.clear(await screen.findByRole('textbox', { name: 'Czech term 1' }));
    await user.click(screen.getByRole('button', { name: 'Add term' }));
    await user.type(screen.getByRole('textbox', { name: 'English term 3' }), 'Card');
    await user.type(screen.getByRole('textbox', { name: 'Czech term 3' }), 'platební karta');
    await user.click(screen.getByRole('button', { name: 'Save glossary' }));

    const czech1 = screen.getByRole('textbox', { name: 'Czech term 1' });
    expect(czech1).toHaveAttribute('aria-invalid', 'true');
    expect(czech1).toHaveAccessibleDescription('Term is required');
    expect(screen.getByRole('textbox', { name: 'English term 3' })).toHaveAccessibleDescription(
      'This term is already in the glossary',
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
  });

  it("puts the server's field errors on the rows they name", async () => {
    const user = userEvent.setup();
    mockFetch((_path, init) =>
      init?.method === 'PUT'
        ? jsonResponse(
            { message: 'Invalid glossary', fields: { 'terms[1].cs': 'Term is too long' } },
            400,
          )
        : jsonResponse(glossary),
    );
    renderWithQueryClient(<GlossaryEditor />);
    await screen.findAllByTestId('glossary-row');
    await user.click(screen.getByRole('button', { name: 'Save glossary' }));
    expect(await screen.findByTestId('glossary-error-1-cs')).toHaveTextContent('Term is too long');
    expect(screen.getByRole('textbox', { name: 'Czech term 2' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('speaks Czech', async () => {
    setLanguage('cs');
    mockFetch(() => jsonResponse({ terms: [], version: 1 }));
    renderWithQueryClient(<GlossaryEditor />);
    expect(await screen.findByText('Zatím žádné výrazy')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Přidat výraz' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Uložit slovníček' })).toBeInTheDocument();
  });
});
