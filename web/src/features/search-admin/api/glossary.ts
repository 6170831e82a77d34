// GET and PUT /api/admin/glossary (admins): the en <-> cs fintech terms that search uses as
// synonyms and the translator keeps. A PUT replaces the whole list.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { Glossary, GlossaryTerm } from '@/types/api';

function readGlossary(data: unknown): Glossary {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const terms = Array.isArray(record.terms)
    ? record.terms.flatMap((row: unknown) => {
        if (typeof row !== 'object' || row === null) return [];
        const { en, cs } = row as Record<string, unknown>;
        return typeof en === 'string' && typeof cs === 'string' ? [{ en, cs }] : [];
      })
    : [];
  const version =
    typeof record.version === 'number' || typeof record.version === 'string' ? record.version : 0;
  return { terms, version };
}

export const glossaryQueryKey = ['admin', 'glossary'] as const;

/** Rejects with ApiError: 401 signed out, 403 not an admin. */
export async function getGlossary(signal?: AbortSignal): Promise<Glossary> {
  return readGlossary(await api.get<unknown>('/api/admin/glossary', signal ? { signal } : {}));
}

/** Rejects with ApiError: 400 with per-field messages for bad terms, 401, 403. */
export async function saveGlossary(terms: GlossaryTerm[]): Promise<Glossary> {
  return readGlossary(await api.put<unknown>('/api/admin/glossary', { terms }));
}

export const getGlossaryQueryOptions = () =>
  queryOptions({ queryKey: glossaryQueryKey, queryFn: ({ signal }) => getGlossary(signal) });

export const useGlossary = () => useQuery(getGlossaryQueryOptions());

export function useSaveGlossary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGlossary,
    onSuccess: (glossary) => queryClient.setQueryData(glossaryQueryKey, glossary),
  });
}
