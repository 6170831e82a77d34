// POST /api/ai/generate from the format test pages: the prompt alone (spec §7), answered with
// markdown.
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { AiGenerateRequest, AiGenerateResponse } from '@/types/api';

/**
 * Rejects with ApiError: 403 not an admin, 429 rate limited, 502 the AI service failed or timed
 * out, 503 not configured or busy; with a plain Error when the answer has no content.
 */
export async function generateMarkdown(prompt: string): Promise<string> {
  const request: AiGenerateRequest = { prompt };
  const data = await api.post<Partial<AiGenerateResponse> | undefined>('/api/ai/generate', request);
  const content = data?.content;
  if (typeof content !== 'string' || content.trim() === '') {
    throw new Error('The AI service returned no content.');
  }
  return content;
}

export function useGenerateMarkdown() {
  return useMutation({ mutationFn: generateMarkdown });
}
