// Where a search goes: a trimmed query to /search?q=…, a blank one back home (spec §5).
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';

export function buildSearchPath(query: string): string {
  const trimmed = query.trim();
  return trimmed === '' ? paths.home.getHref() : paths.search.getHref(trimmed);
}

export function useSearchNavigation(): (query: string) => void {
  const navigate = useNavigate();
  return useCallback((query: string) => navigate(buildSearchPath(query)), [navigate]);
}
