// POST /api/ai/generate from the editor's card: a prompt and the language to write in, answered
// with markdown.
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { AiGenerateRequest, AiGenerateResponse } from '@/types/api';

/**
 * Rejects with ApiError: 400 (prompt missing or too long, unknown language), 403 not an admin,
 * 429 rate limited, 502 the AI service failed or timed out, 503 not configured or busy (the
 * message says what to do); with a plain Error when the answer has no content.
 */
export async function generateContent(request: AiGenerateRequest): Promise<string> {
  const data = await api.post<Partial<AiGenerateResponse> | undefined>('/api/ai/generate', request);
  const content = data?.content;
  if (typeof content !== 'string' || content.trim() === '') {
    throw new Error('The AI service returned no content.');
  }
  return content;
}

export function useGenerateContent() {
  return useMutation({ mutationFn: generateContent });
}
