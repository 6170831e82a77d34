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
  skipped: [{ id: 'item 44 (line 310)', reason: 'language de' }],
  categoriesCreated: 2,
  authorsCreated: 1,
  pairsLinked: 5,
  imagesStored: 7,
  redirectsAdded: 13,
  notImported: { pages: 3 },
  otherLanguages: { de: 1 },
  problems: ['Slug "hello" was taken: the Czech post is "hello-cs"'],
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
    expect(screen.getByTestId('import-problems')).toHaveTextContent('hello-cs');
    expect(screen.getByText(/pages 3/)).toBeInTheDocument();
  }, 15_000); // two polls a second apart

  it('says a failed import wrote nothing, in Czech too', async () => {
    setLanguage('cs');
    importServer({ state: 'failed', progress: 0, error: 'Unknown format: export.xml' });
    const user = userEvent.setup();
    renderWithQueryClient(<ImportPanel />);
    await user.upload(screen.getByLabelText('Soubor s exportem'), file());
    await user.click(screen.getByTestId('import-start'));
    const failed = await screen.findByTestId('import-failed');
    expect(failed).toHaveTextContent('Import selhal: nic nebylo zapsáno');
    expect(failed).toHaveTextContent('Unknown format: export.xml');
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
