import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch, renderWithQueryClient, setLanguage } from '@/testing/test-utils';

import { MAX_IMAGE_BYTES } from '../utils/validate-image';

import { CoverImageUpload } from './cover-image-upload';

function Harness({
  initial = '',
  onChange = vi.fn(),
}: {
  initial?: string;
  onChange?: (url: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <CoverImageUpload
      value={value}
      onChange={(url) => {
        setValue(url);
        onChange(url);
      }}
    />
  );
}

function png(name = 'cover.png', size?: number): File {
  const file = new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

const never = () => new Promise<Response>(() => undefined);

function setup() {
  // The input's accept attribute would filter the wrong files out before our own checks run.
  return userEvent.setup({ applyAccept: false });
}

describe('CoverImageUpload', () => {
  it('shows the upload box with the hint while empty', () => {
    mockFetch(never);
    renderWithQueryClient(<Harness />);
    expect(screen.getByTestId('cover-image-dropzone')).toHaveTextContent('Click to upload');
    expect(screen.getByTestId('cover-image-hint')).toHaveTextContent(
      'SVG, PNG, JPG or GIF (max. 5MB)',
    );
    expect(screen.getByTestId('cover-image-input')).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/gif,image/webp',
    );
  });

  it('refuses a file that is not a JPEG, PNG, GIF or WEBP without uploading it', async () => {
    const fetchMock = mockFetch(never);
    const events = setup();
    renderWithQueryClient(<Harness />);
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    await events.upload(screen.getByTestId('cover-image-input'), svg);
    expect(screen.getByTestId('cover-image-error')).toHaveTextContent(
      'Please select a valid image file (JPEG, PNG, GIF, WEBP)',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an image over 5 MB without uploading it', async () => {
    const fetchMock = mockFetch(never);
    const events = setup();
    renderWithQueryClient(<Harness />);
    await events.upload(
      screen.getByTestId('cover-image-input'),
      png('big.png', MAX_IMAGE_BYTES + 1),
    );
    expect(screen.getByTestId('cover-image-error')).toHaveTextContent(
      'Image must be less than 5MB',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads the image as the multipart field "image" and shows the preview with its buttons', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ url: '/uploads/abc.png' }));
    const onChange = vi.fn();
    const events = setup();
    renderWithQueryClient(<Harness onChange={onChange} />);
    const file = png();
    await events.upload(screen.getByTestId('cover-image-input'), file);

    expect(await screen.findByTestId('cover-image-preview')).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledWith('/uploads/abc.png');
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/upload');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('image')).toBe(file);

    expect(screen.getByRole('img', { name: 'Cover image preview' })).toHaveAttribute(
      'src',
      '/uploads/abc.png',
    );
    const download = screen.getByTestId('cover-image-download');
    expect(download).toHaveAttribute('href', '/uploads/abc.png');
    expect(download).toHaveAttribute('download');

    await events.click(screen.getByTestId('cover-image-remove'));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByTestId('cover-image-dropzone')).toBeInTheDocument();
  });

  it('shows "Uploading..." while the upload runs', async () => {
    mockFetch(never);
    const events = setup();
    renderWithQueryClient(<Harness />);
    await events.upload(screen.getByTestId('cover-image-input'), png());
    expect(screen.getByTestId('cover-image-uploading')).toHaveTextContent('Uploading...');
  });

  it('shows the server message, or "Failed to upload image" when there is none', async () => {
    const events = setup();
    mockFetch(() =>
      jsonResponse({ message: 'Please select a valid image file (JPEG, PNG, GIF, WEBP)' }, 415),
    );
    const { unmount } = renderWithQueryClient(<Harness />);
    await events.upload(screen.getByTestId('cover-image-input'), png());
    expect(await screen.findByTestId('cover-image-error')).toHaveTextContent(
      'Please select a valid image file (JPEG, PNG, GIF, WEBP)',
    );
    unmount();

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    setLanguage('cs');
    renderWithQueryClient(<Harness />);
    await events.upload(screen.getByTestId('cover-image-input'), png());
    expect(await screen.findByTestId('cover-image-error')).toHaveTextContent(
      'Obrázek se nepodařilo nahrát',
    );
  });

  it('shows a set image as a preview', () => {
    mockFetch(never);
    renderWithQueryClient(<Harness initial="/uploads/old.jpg" />);
    expect(screen.getByTestId('cover-image-preview')).toBeInTheDocument();
    expect(screen.queryByTestId('cover-image-dropzone')).not.toBeInTheDocument();
  });
});
