// The signed-in account's own subscription: GET, POST {language} and DELETE /api/user/newsletter.
// A verified address is active at once (200); any other gets the confirmation mail (202).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { Language } from '@/lib/i18n';

export type OwnSubscriptionState = 'none' | 'pending' | 'active' | 'unsubscribed' | 'suppressed';

export interface OwnSubscription {
  state: OwnSubscriptionState;
  language: Language | null;
  /** Set when a confirmation mail went out instead (the address is not verified). */
  message?: string;
}

const ownSubscriptionKey = ['user', 'newsletter'] as const;

export const useOwnSubscription = () =>
  useQuery({
    queryKey: ownSubscriptionKey,
    queryFn: ({ signal }) => api.get<OwnSubscription>('/api/user/newsletter', { signal }),
  });

export function useChangeOwnSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { subscribe: true; language: Language } | { subscribe: false }) =>
      change.subscribe
        ? api.post<OwnSubscription>('/api/user/newsletter', { language: change.language })
        : api.delete<OwnSubscription>('/api/user/newsletter'),
    onSuccess: (answer) => client.setQueryData(ownSubscriptionKey, answer),
  });
}
