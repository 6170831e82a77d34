// POST /api/ai/translate: a post's title, excerpt and content in the other language, from the AI
// service, with the site's fintech glossary.
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { AiTranslateRequest, AiTranslateResponse } from '@/types/api';

/**
 * Rejects with ApiError: 400 (bad id or language, the post already in it), 403 (not allowed to
 * use the AI assistant), 404 (no such post), 429 rate limited, 502 the AI service failed,
 * 503 not configured or busy; with a plain Error when the answer lacks a title or content.
 */
export async function translatePost(request: AiTranslateRequest): Promise<AiTranslateResponse> {
  const data = await api.post<Partial<AiTranslateResponse> | undefined>(
    '/api/ai/translate',
    request,
  );
  if (typeof data?.title !== 'string' || typeof data.content !== 'string') {
    throw new Error('The AI service returned no translation.');
  }
  return { title: data.title, excerpt: data.excerpt ?? '', content: data.content };
}

export function useTranslatePost() {
  return useMutation({ mutationFn: translatePost });
}
