// The facets of a search answer, entry by entry: a category needs a name, a language is en or
// cs, and every count is a count; anything else is left out.
import type { CategoryFacet, LanguageFacet, SearchFacets } from '@/types/api';

const isCount = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

function facetList<T>(value: unknown, key: string, valid: (name: unknown) => boolean): T[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (facet: unknown) =>
      typeof facet === 'object' &&
      facet !== null &&
      valid((facet as Record<string, unknown>)[key]) &&
      isCount((facet as Record<string, unknown>).count),
  ) as T[];
}

/** No facets (an older server) reads as empty lists. */
export function readFacets(value: Record<string, unknown> | undefined): SearchFacets {
  return {
    categories: facetList<CategoryFacet>(
      value?.categories,
      'name',
      (name) => typeof name === 'string' && name !== '',
    ),
    languages: facetList<LanguageFacet>(
      value?.languages,
      'language',
      (language) => language === 'en' || language === 'cs',
    ),
  };
}
