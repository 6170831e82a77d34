// POST /api/newsletter/subscribe {email, language}: always 202 with the same message for any
// address (the answer tells nobody who subscribes); 400 for a bad address, 429 when throttled.
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { Language } from '@/lib/i18n';

export interface SubscribeInput {
  email: string;
  language: Language;
}

export const subscribeToNewsletter = (input: SubscribeInput) =>
  api.post<{ message: string }>('/api/newsletter/subscribe', input);

export const useSubscribeToNewsletter = () => useMutation({ mutationFn: subscribeToNewsletter });
