// The server renders the reader pages' first paint with its own copy of some dictionary texts
// (src/domain/render/labels.cpp); each must be the app's text, or the words change when React takes over.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { cs } from '../src/lib/i18n/cs';
import type { Dictionary } from '../src/lib/i18n/dictionary';
import { en } from '../src/lib/i18n/en';

const source = readFileSync(
  join(__dirname, '..', '..', 'src', 'domain', 'render', 'labels.cpp'),
  'utf8',
);

/** Where each field of the server's `labels` comes from in the dictionary. */
const FIELDS: Record<string, (t: Dictionary) => string> = {
  home_link: (t) => t.header.homeLink,
  sign_in: (t) => t.header.signIn,
  language_label: (t) => t.language.label,
  language_english: (t) => t.language.english,
  language_czech: (t) => t.language.czech,
  hero_badge: (t) => t.hero.badge,
  hero_read_latest: (t) => t.hero.readLatest,
  hero_image_alt: (t) => t.hero.imageAlt,
  search_label: (t) => t.search.label,
  search_placeholder: (t) => t.search.placeholder,
  search_button: (t) => t.search.button,
  search_results_for: (t) => t.search.resultsFor,
  search_did_you_mean: (t) => t.search.didYouMean,
  search_no_results: (t) => t.search.noResults,
  search_no_results_hint: (t) => t.search.noResultsHint,
  search_browse_all: (t) => t.search.browseAll,
  result_count_one: (t) => t.search.resultCount.one,
  result_count_few: (t) => t.search.resultCount.few,
  result_count_other: (t) => t.search.resultCount.other,
  latest_articles: (t) => t.home.latestArticles,
  category_description: (t) => t.category.description,
  categories_title: (t) => t.categories.title,
  categories_all_posts: (t) => t.categories.allPosts,
  categories_no_posts: (t) => t.categories.noPosts,
  categories_no_posts_hint: (t) => t.categories.noPostsHint,
  posts_featured: (t) => t.posts.featured,
  posts_latest: (t) => t.posts.latest,
  posts_content_filters: (t) => t.posts.contentFilters,
  posts_no_articles: (t) => t.posts.noArticles,
  posts_no_articles_hint: (t) => t.posts.noArticlesHint,
  posts_load_more: (t) => t.posts.loadMore,
  posts_read_more: (t) => t.posts.readMore,
  content_language_label: (t) => t.posts.contentLanguage.label,
  content_language_english_only: (t) => t.posts.contentLanguage.englishOnly,
  content_language_czech_and_english: (t) => t.posts.contentLanguage.czechAndEnglish,
  back_to_home: (t) => t.common.backToHome,
  back_to_all_posts: (t) => t.common.backToAllPosts,
  category: (t) => t.common.category,
  read_in_english: (t) => t.posts.readIn.en,
  read_in_czech: (t) => t.posts.readIn.cs,
  reading_time: (t) => t.posts.readingTime,
  not_found_title: (t) => t.errors.notFoundTitle,
  popular_this_week: (t) => t.posts.popularThisWeek,
  newsletter_title: (t) => t.newsletter.title,
  newsletter_hint: (t) => t.newsletter.hint,
  newsletter_email: (t) => t.newsletter.email,
  newsletter_language: (t) => t.newsletter.language,
  newsletter_english: (t) => t.newsletter.english,
  newsletter_czech: (t) => t.newsletter.czech,
  newsletter_subscribe: (t) => t.newsletter.subscribe,
  post_not_found_title: (t) => t.posts.notFound.title,
};

/** The `.field = "text"` pairs of one `constexpr labels name{...}` block, C escapes undone. */
function serverLabels(name: string): Record<string, string> {
  const block = new RegExp(`constexpr labels ${name}\\{([\\s\\S]*?)\\n\\};`).exec(source);
  if (!block) throw new Error(`labels.cpp has no '${name}' block`);
  const fields: Record<string, string> = {};
  for (const match of block[1].matchAll(/\.(\w+) = "((?:[^"\\]|\\.)*)"/g))
    fields[match[1]] = match[2].replace(/\\(.)/g, '$1');
  return fields;
}

describe('the server-rendered pages’ texts', () => {
  for (const [name, dictionary, language] of [
    ['english', en, 'en'],
    ['czech', cs, 'cs'],
  ] as const) {
    it(`are the app’s ${name} texts, every one of them`, () => {
      const fields = serverLabels(name);
      expect(fields.language).toBe(language);
      delete fields.language;
      expect(Object.keys(fields).sort()).toEqual(Object.keys(FIELDS).sort());
      for (const [field, text] of Object.entries(fields))
        expect({ field, text }).toEqual({ field, text: FIELDS[field](dictionary) });
    });
  }
});
