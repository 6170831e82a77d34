import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toast';
import { jsonResponse, mockFetch, renderWithQueryClient } from '@/testing/test-utils';

import { ImageUploadButton } from './image-upload-button';

describe('ImageUploadButton', () => {
  it('uploads the chosen image, reports its URL and toasts "Image uploaded"', async () => {
    mockFetch(() => jsonResponse({ url: '/uploads/hero.webp' }));
    const onUploaded = vi.fn();
    const events = userEvent.setup();
    renderWithQueryClient(
      <>
        <ImageUploadButton onUploaded={onUploaded} testId="hero" />
        <Toaster />
      </>,
    );
    expect(screen.getByTestId('hero-button')).toHaveTextContent('Upload Image');
    const file = new File(['x'], 'hero.webp', { type: 'image/webp' });
    await events.upload(screen.getByTestId('hero-input'), file);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Image uploaded');
    expect(onUploaded).toHaveBeenCalledWith('/uploads/hero.webp');
  });

  it('says why a file is refused', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ url: '/x.png' }));
    const events = userEvent.setup({ applyAccept: false });
    renderWithQueryClient(<ImageUploadButton onUploaded={vi.fn()} testId="hero" />);
    await events.upload(
      screen.getByTestId('hero-input'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(screen.getByTestId('hero-error')).toHaveTextContent(
      'Please select a valid image file (JPEG, PNG, GIF, WEBP)',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
