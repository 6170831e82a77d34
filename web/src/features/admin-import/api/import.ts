// Admin → Import's calls: POST /api/admin/import (the file, multipart) → 202 {id}; then
// GET /api/admin/import/{id} → {state, progress, report, error}, polled while it runs.
import { useMutation, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type ImportState = 'queued' | 'running' | 'done' | 'failed';

export interface ImportReport {
  format: string;
  created: number;
  updated: number;
  unchanged: number;
  skipped: { id: string; reason: string }[];
  categoriesCreated: number;
  authorsCreated: number;
  pairsLinked: number;
  imagesStored: number;
  redirectsAdded: number;
  notImported: Record<string, number>;
  otherLanguages: Record<string, number>;
  problems: string[];
}

export interface ImportJob {
  id: number;
  state: ImportState;
  progress: number;
  report: ImportReport | null;
  error: string | null;
}

/** How often a running import is asked about. */
export const IMPORT_POLL_MS = 1000;

export function startImport(file: File): Promise<{ id: number }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<{ id: number }>('/api/admin/import', form);
}

export function useStartImport() {
  return useMutation({ mutationFn: startImport });
}

export function useImportJob(id: number | null) {
  return useQuery({
    queryKey: ['admin-import', id],
    queryFn: () => api.get<ImportJob>(`/api/admin/import/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'done' || state === 'failed' ? false : IMPORT_POLL_MS;
    },
  });
}
