import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, renderWithQueryClient, setLanguage } from '@/testing/test-utils';

import { ImportPanel } from './import-panel';

const report = {
  format: 'WordPress export (WXR 1.2)',
  created: 12,
  updated: 1,
  unchanged: 0,
  skipped: [{ id: '44', reason: 'language de' }],
  categoriesCreated: 2,
  authorsCreated: 1,
  pairsLinked: 5,
  imagesStored: 7,
  redirectsAdded: 13,
  notImported: { pages: 3, 'menu items': 2 },
  otherLanguages: { de: 1 },
  problems: [
    'item 45 (line 330): the slug hello is taken, imported as hello-cs',
    'Something the app does not know yet',
  ],
};

// The import API: the upload answers a job in `state.current`, which the test moves on.
function importServer(initial: object) {
  const state = { current: initial };
  const uploads: FormData[] = [];
  mockFetch((path, init) => {
    if (path === '/api/admin/import' && init?.method === 'POST') {
      uploads.push(init.body as FormData);
      return jsonResponse({ id: 9 }, 202);
    }
    if (path === '/api/admin/import/9') {
      return jsonResponse({ id: 9, report: null, error: null, ...state.current });
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return { uploads, state };
}

function file() {
  return new File(['<rss/>'], 'export.xml', { type: 'application/xml' });
}

describe('ImportPanel', () => {
  it('asks for a file before anything is sent', async () => {
    const { uploads } = importServer({});
    const user = userEvent.setup();
    renderWithQueryClient(<ImportPanel />);
    await user.click(screen.getByTestId('import-start'));
    expect(screen.getByTestId('import-error')).toHaveTextContent('Please choose an export file');
    expect(uploads).toHaveLength(0);
  });

  it('uploads the file, follows the job and shows the report', async () => {
    const { uploads, state } = importServer({ state: 'running', progress: 40 });
    const user = userEvent.setup();
    renderWithQueryClient(<ImportPanel />);
    await user.upload(screen.getByLabelText('Export file'), file());
    await user.click(screen.getByTestId('import-start'));
    await waitFor(() =>
      expect(screen.getByTestId('import-progress')).toHaveTextContent('Importing... 40%'),
    );
    state.current = { state: 'done', progress: 100, report };
    expect(await screen.findByTestId('import-done', {}, { timeout: 4000 })).toHaveTextContent(
      'Import finished',
    );
    expect(uploads[0]?.get('file')).toBeInstanceOf(File);
    const counts = screen.getByTestId('import-counts');
    expect(counts).toHaveTextContent('Posts created12');
    expect(counts).toHaveTextContent('Redirects added13');
    expect(screen.getByTestId('import-skipped')).toHaveTextContent('language de');
    expect(screen.getByTestId('import-problems')).toHaveTextContent(
      'item 45 (line 330): the slug hello is taken, imported as hello-cs',
    );
    expect(screen.getByText(/pages 3, menu items 2/)).toBeInTheDocument();
    expect(counts).toHaveTextContent('FormatWordPress export (WXR 1.2)');
  }, 15_000); // two polls a second apart

  it('shows the report in Czech: the format, the lines, the reasons and what was not imported', async () => {
    setLanguage('cs');
    importServer({ state: 'done', progress: 100, report });
    const user = userEvent.setup();
    renderWithQueryClient(<ImportPanel />);
    await user.upload(screen.getByLabelText('Soubor s exportem'), file());
    await user.click(screen.getByTestId('import-start'));
    expect(await screen.findByTestId('import-done')).toHaveTextContent('Import je hotový');
    expect(screen.getByTestId('import-counts')).toHaveTextContent(
      'FormátExport z WordPressu (WXR 1.2)',
    );
    const problems = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(problems).toEqual([
      'Položka 45 (řádek 330): adresa hello je obsazená, importováno jako hello-cs',
      'Something the app does not know yet',
    ]);
    expect(screen.getByTestId('import-skipped')).toHaveTextContent('44jazyk de');
    expect(screen.getByText(/stránky 3, položky menu 2/)).toBeInTheDocument();
    // Language codes stay as they are.
    expect(screen.getByText('de 1')).toHaveTextContent('Přeskočené jiné jazyky: de 1');
  });

  it('says a failed import wrote nothing, in Czech too', async () => {
    setLanguage('cs');
    importServer({
      state: 'failed',
      progress: 0,
      error: 'The file is not well-formed XML: line 12, column 5: mismatched tag',
    });
    const user = userEvent.setup();
    renderWithQueryClient(<ImportPanel />);
    await user.upload(screen.getByLabelText('Soubor s exportem'), file());
    await user.click(screen.getByTestId('import-start'));
    const failed = await screen.findByTestId('import-failed');
    expect(failed).toHaveTextContent('Import selhal: nic nebylo zapsáno');
    expect(failed).toHaveTextContent(
      'Soubor není správně utvořené XML: řádek 12, sloupec 5: neodpovídající značka',
    );
    expect(failed).not.toHaveTextContent('not well-formed');
    await user.click(screen.getByRole('button', { name: 'Importovat další soubor' }));
    expect(screen.getByTestId('import-form')).toBeInTheDocument();
  });

  it('shows the server refusal of the upload', async () => {
    mockFetch(() => jsonResponse({ message: 'The export is larger than 200 MB' }, 413));
    const user = userEvent.setup();
    renderWithQueryClient(<ImportPanel />);
    await user.upload(screen.getByLabelText('Export file'), file());
    await user.click(screen.getByTestId('import-start'));
    expect(await screen.findByTestId('import-error')).toHaveTextContent(
      'The export is larger than 200 MB',
    );
  });
});

describe('ImportPanel in Czech', () => {
  it('translates the refusal of the upload', async () => {
    setLanguage('cs');
    mockFetch(() => jsonResponse({ message: 'The export is larger than 200 MB' }, 413));
    const user = userEvent.setup();
    renderWithQueryClient(<ImportPanel />);
    await user.upload(screen.getByLabelText('Soubor s exportem'), file());
    await user.click(screen.getByTestId('import-start'));
    expect(await screen.findByTestId('import-error')).toHaveTextContent(
      'Export je větší než 200 MB',
    );
  });

  it('translates a failure that embeds a count, and shows one it does not know unchanged', async () => {
    setLanguage('cs');
    const { state } = importServer({
      state: 'failed',
      progress: 0,
      error:
        'A PayTech Blog export is a whole blog: import it into an empty blog (this one has 3 posts)',
    });
    const user = userEvent.setup();
    const { unmount } = renderWithQueryClient(<ImportPanel />);
    await user.upload(screen.getByLabelText('Soubor s exportem'), file());
    await user.click(screen.getByTestId('import-start'));
    expect(await screen.findByTestId('import-failed')).toHaveTextContent(
      'Export z PayTech Blogu je celý blog: importujte ho do prázdného blogu (tento má 3 příspěvky)',
    );
    unmount();
    state.current = { state: 'failed', progress: 0, error: 'std::bad_alloc' };
    renderWithQueryClient(<ImportPanel />);
    await user.upload(screen.getByLabelText('Soubor s exportem'), file());
    await user.click(screen.getByTestId('import-start'));
    expect(await screen.findByTestId('import-failed')).toHaveTextContent('std::bad_alloc');
  });
});
