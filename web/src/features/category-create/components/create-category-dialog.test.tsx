import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toast';
import { jsonBodyOf } from '@/testing/request-body';
import { jsonResponse, mockFetch, renderWithQueryClient, setLanguage } from '@/testing/test-utils';

import { CATEGORIES_KEY } from '../api/create-category';

import { CreateCategoryDialog } from './create-category-dialog';

function renderDialog() {
  const events = userEvent.setup();
  const result = renderWithQueryClient(
    <>
      <CreateCategoryDialog />
      <Toaster />
    </>,
  );
  return { events, ...result };
}

async function openDialog(events: ReturnType<typeof userEvent.setup>) {
  await events.click(screen.getByRole('button', { name: 'Create Category' }));
  return screen.getByRole('dialog');
}

describe('CreateCategoryDialog', () => {
  it('opens "Create New Category" with the name field, Cancel and Create', async () => {
    mockFetch(() => jsonResponse([]));
    const { events } = renderDialog();
    const dialog = await openDialog(events);
    expect(dialog).toHaveTextContent('Create New Category');
    expect(screen.getByLabelText('Category Name')).toHaveAttribute(
      'placeholder',
      'Enter a category name',
    );
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('needs at least 3 characters before calling the server', async () => {
    const fetchMock = mockFetch(() => jsonResponse([]));
    const { events } = renderDialog();
    await openDialog(events);
    await events.type(screen.getByLabelText('Category Name'), ' ab ');
    await events.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByTestId('error-categoryName')).toHaveTextContent(
      'Category name must be at least 3 characters',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates: "Creating..." while pending, then the toast, a refreshed list, reset and close', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { events, client } = renderDialog();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await openDialog(events);
    await events.type(screen.getByLabelText('Category Name'), 'Open Banking');
    await events.click(screen.getByRole('button', { name: 'Create' }));

    expect(screen.getByTestId('create-category-submit')).toHaveTextContent('Creating...');
    expect(screen.getByTestId('create-category-submit')).toBeDisabled();
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/categories');
    expect(jsonBodyOf(init)).toEqual({ name: 'Open Banking' });

    answer(jsonResponse({ id: 9, name: 'Open Banking', createdAt: '2025-03-05T10:00:00Z' }, 201));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Category created');
    expect(toast).toHaveTextContent('Your new category was created successfully.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: CATEGORIES_KEY });

    await openDialog(events);
    expect(screen.getByLabelText('Category Name')).toHaveValue('');
  });

  it('reports a failure as a destructive "Error creating category" with the message', async () => {
    mockFetch(() => jsonResponse({ message: 'Category already exists' }, 409));
    const { events } = renderDialog();
    await openDialog(events);
    await events.type(screen.getByLabelText('Category Name'), 'Fintech');
    await events.click(screen.getByRole('button', { name: 'Create' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Error creating category');
    expect(toast).toHaveTextContent('Category already exists');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('speaks Czech', async () => {
    setLanguage('cs');
    mockFetch(() => jsonResponse([]));
    const events = userEvent.setup();
    renderWithQueryClient(<CreateCategoryDialog />);
    await events.click(screen.getByRole('button', { name: 'Vytvořit kategorii' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Vytvořit novou kategorii');
    expect(screen.getByLabelText('Název kategorie')).toBeInTheDocument();
  });
});
