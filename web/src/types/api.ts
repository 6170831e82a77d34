// Wire types of the blogd JSON API (camelCase, as the server sends them).

export type Role = 'user' | 'admin';

export type ApprovalStatus = 'pending' | 'approved' | 'rejected';

export interface User {
  id: number;
  username: string;
  email: string;
  role: Role;
  approvalStatus: ApprovalStatus;
  emailVerified: boolean;
  createdAt: string;
  /** Whether sign-in asks for an authenticator app's code too. */
  twoFactorEnabled?: boolean;
  /** The site requires two-factor sign-in of this account and it is not set up: nothing else works until it is. */
  twoFactorSetupRequired?: boolean;
}

export interface SiteSettings {
  id: number;
  siteTitle: string;
  siteDescription: string;
  imageOnRight: boolean;
  heroBackgroundColor: string;
  titleColor: string;
  subtitleColor: string;
  heroImage: string;
  heroImageWidth: string;
  heroImageHeight: string;
  /** The hero per interface language; '' (or absent) falls back to the other language. */
  heroBadgeEn?: string;
  heroBadgeCs?: string;
  heroTitleEn?: string;
  heroTitleCs?: string;
  heroDescriptionEn?: string;
  heroDescriptionCs?: string;
  updatedAt: string | null;
  updatedBy: number | null;
  /** Approved authors, not only admins, may use the AI translator. */
  aiForAuthors?: boolean;
  /** Admins, and approved authors, must set up two-factor sign-in before anything else. */
  requireTwoFactorForAdmins?: boolean;
  requireTwoFactorForAuthors?: boolean;
}

/** A post as listed on cards (GET /api/posts, /api/categories/{name}). */
export interface PostSummary {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  coverImage: string;
  published: boolean;
  language: 'en' | 'cs';
  publishedAt: string;
  authorId: number | null;
  authorName: string;
  /** The linked version in the other language, when the caller may see it (at most one). */
  translations?: PostTranslation[];
  /** Words / 200 rounded up, at least 1 (computed by the server). */
  readingMinutes?: number;
}

/** A post's counterpart in the other language (issue 13). */
export interface PostTranslation {
  id: number;
  slug: string;
  language: 'en' | 'cs';
  title: string;
}

/** Where an author's own post stands (GET /api/user/posts). */
export type MyPostStatus = 'draft' | 'scheduled' | 'published' | 'hidden';

/** An entry of My posts: a card plus its status and times. */
export interface MyPost extends PostSummary {
  status: MyPostStatus;
  hiddenByAdmin: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A saved version of a post (GET /api/posts/{id}/revisions), newest first. */
export interface PostRevision {
  id: number;
  postId: number;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  coverImage: string;
  language: 'en' | 'cs';
  savedBy: string;
  savedAt: string;
}

/** POST /api/preview: the article as the server renders and sanitises it. */
export interface PostPreview {
  html: string;
  contentHtml: string;
  readingMinutes: number;
}

/** A full post (GET /api/posts/{slug}); `contentHtml` is the server's sanitised rendering. */
export interface Post extends PostSummary {
  content: string;
  contentHtml: string;
  createdAt: string;
  updatedAt: string;
  /** An admin hid the post: it stays unpublished, whatever its author sends, until an admin shows it. */
  hiddenByAdmin?: boolean;
  /** What the newsletter does with the post (issue 24); absent on servers that predate it. */
  newsletter?: PostNewsletterState;
  /** When its mails were queued (newsletter 'sent'), else null. */
  newsletterSentAt?: string | null;
}

/**
 * none: never sent on its own; pending: sent when it becomes visible; off: the switch is off;
 * skipped: it became visible with the switch off; sent: its mails were queued, once.
 */
export type PostNewsletterState = 'none' | 'pending' | 'off' | 'skipped' | 'sent';

/** A search hit: a card plus an HTML-escaped snippet with <mark> around matched words. */
export interface SearchHit extends PostSummary {
  snippet?: string;
}

/** How many hits of the whole match set (before paging) fall in one category or language. */
export interface CategoryFacet {
  name: string;
  count: number;
}

export interface LanguageFacet {
  language: 'en' | 'cs';
  count: number;
}

export interface SearchFacets {
  categories: CategoryFacet[];
  languages: LanguageFacet[];
}

/** GET /api/search. `facets` and `hiddenByLanguage` are absent on servers that predate them. */
export interface SearchResponse {
  results: SearchHit[];
  /** The opaque cursor of the next page; null or absent on the last page. */
  nextCursor?: string | null;
  total: number;
  suggestion: string;
  facets?: SearchFacets;
  /** Matches the content filter hid (Czech posts while it shows English only). */
  hiddenByLanguage?: number;
}

/** One normalised query and how often readers sent it. */
export interface QueryCount {
  query: string;
  count: number;
}

/** GET /api/admin/search-stats?days=7|30 (admins). */
export interface SearchStats {
  top: QueryCount[];
  zeroResults: QueryCount[];
}

/** One pair of the fintech glossary. */
export interface GlossaryTerm {
  en: string;
  cs: string;
}

/** GET and PUT /api/admin/glossary (admins). */
export interface Glossary {
  terms: GlossaryTerm[];
  version: number | string;
}

/** POST /api/ai/generate (admins); the test pages send the prompt alone. */
export interface AiGenerateRequest {
  prompt: string;
  /** en, cs, es, fr, de (or the English name); none lets the prompt decide. */
  language?: string;
}

/** The answer of POST /api/ai/generate: markdown. */
export interface AiGenerateResponse {
  content: string;
}

/** POST /api/ai/translate: a post in the other language, from the AI service. */
export interface AiTranslateRequest {
  postId: number;
  targetLanguage: 'en' | 'cs';
}

export interface AiTranslateResponse {
  title: string;
  excerpt: string;
  content: string;
}
