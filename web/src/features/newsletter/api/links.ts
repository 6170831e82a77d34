// The mailed links' calls: POST /api/newsletter/confirm {token} and /unsubscribe {token}. Only the
// pages' buttons call them, so a mail scanner that opens a link changes nothing.
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type LinkAction = 'confirm' | 'unsubscribe';

export const useNewsletterLink = (action: LinkAction) =>
  useMutation({
    mutationFn: (token: string) =>
      api.post<{ message: string }>(`/api/newsletter/${action}`, { token }),
  });
