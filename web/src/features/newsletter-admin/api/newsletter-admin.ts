// Admin → Newsletter's calls (admins only): the subscriber list with counts, removing one, the
// recent posts with their newsletter state and mails, and sending a post by e-mail afterwards.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { Language } from '@/lib/i18n';

export type SubscriberState = 'pending' | 'active' | 'unsubscribed' | 'suppressed';
export const SUBSCRIBER_STATES: readonly SubscriberState[] = [
  'pending',
  'active',
  'unsubscribed',
  'suppressed',
];

export interface Subscriber {
  id: number;
  email: string;
  language: Language;
  state: SubscriberState;
  createdAt: string;
  confirmedAt: string | null;
}

export interface SubscriberList {
  subscribers: Subscriber[];
  total: number;
  page: number;
  pageSize: number;
  counts: Record<Language, Record<SubscriberState, number>>;
}

/** How long the subscriber search waits for the typing to pause before it asks the server. */
export const SUBSCRIBER_SEARCH_DEBOUNCE_MS = 300;

export interface SubscriberFilter {
  q: string;
  state: SubscriberState | '';
  language: Language | '';
  page: number;
}

export type PostNewsletterState = 'none' | 'pending' | 'off' | 'skipped' | 'sent';

export interface PostNewsletter {
  id: number;
  title: string;
  slug: string;
  language: Language;
  newsletter: PostNewsletterState;
  newsletterSentAt: string | null;
  queued: number;
  sent: number;
  failed: number;
}

const newsletterKey = ['admin', 'newsletter'] as const;

export const useSubscribers = (filter: SubscriberFilter) =>
  useQuery({
    queryKey: [...newsletterKey, 'subscribers', filter],
    queryFn: ({ signal }) =>
      api.get<SubscriberList>('/api/admin/newsletter/subscribers', {
        params: {
          q: filter.q || undefined,
          state: filter.state || undefined,
          language: filter.language || undefined,
          page: filter.page,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const usePostNewsletters = () =>
  useQuery({
    queryKey: [...newsletterKey, 'posts'],
    queryFn: ({ signal }) => api.get<PostNewsletter[]>('/api/admin/newsletter/posts', { signal }),
  });

export function useDeleteSubscriber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<undefined>(`/api/admin/newsletter/subscribers/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: newsletterKey }),
  });
}

/** 202 {queued}; 409 when the post was already sent. */
export function useSendPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ queued: number }>(`/api/admin/newsletter/posts/${id}/send`),
    onSettled: () => client.invalidateQueries({ queryKey: [...newsletterKey, 'posts'] }),
  });
}
