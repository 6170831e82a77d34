import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { installRadixPolyfills } from '@/testing/radix-polyfills';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import type { User } from '@/types/api';

import { PostEditorRoute } from './post-editor';

// Quill is exercised in the editor's own tests; a textarea shows what the form holds.
vi.mock('@/features/post-editor/components/rich-text-editor', () => ({
  RichTextEditor: ({ value, onChange }: { value: string; onChange: (html: string) => void }) => (
    <textarea
      aria-label="Content editor"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  ),
}));

beforeAll(installRadixPolyfills);

const admin: User = {
  id: 1,
  username: 'admin',
  email: 'admin@example.com',
  role: 'admin',
  approvalStatus: 'approved',
  emailVerified: true,
  createdAt: '2024-01-01T00:00:00Z',
};

describe('PostEditorRoute', () => {
  it("puts the admins' AI generator in the editor and adds what it generates to the content", async () => {
    const articles = ['# Test Article\n\n## Key Points', 'One more paragraph.'];
    mockFetch((path) =>
      path === '/api/ai/generate'
        ? jsonResponse({ content: articles.shift() ?? '' })
        : jsonResponse(admin),
    );
    const events = userEvent.setup();
    renderRoutes([{ path: '/posts/new', element: <PostEditorRoute /> }], '/posts/new');
    const generate = await screen.findByRole('button', { name: 'Generate Content' });

    await events.click(generate);
    const content = screen.getByLabelText('Content editor');
    await waitFor(() => expect(content).toHaveValue('<h1>Test Article</h1><h2>Key Points</h2>'));

    await events.click(generate);
    await waitFor(() =>
      expect(content).toHaveValue(
        '<h1>Test Article</h1><h2>Key Points</h2><p>One more paragraph.</p>',
      ),
    );
  });
});
