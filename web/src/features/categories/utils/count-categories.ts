// Category popularity among the loaded posts: counts, most used first, ties by name.
import type { PostSummary } from '@/types/api';

export interface CategoryCount {
  name: string;
  count: number;
}

export function countCategories(posts: readonly Pick<PostSummary, 'category'>[]): CategoryCount[] {
  const counts = new Map<string, number>();
  for (const { category } of posts) {
    const name = category.trim();
    if (name !== '') counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}
