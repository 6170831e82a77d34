// Every route of the app in one place: patterns for the router and builders for links.

export const paths = {
  home: { path: '/', getHref: () => '/' },
  post: { path: '/post/:slug', getHref: (slug: string) => `/post/${encodeURIComponent(slug)}` },
  postAlias: { path: '/posts/:slug' },
  search: {
    path: '/search',
    getHref: (query: string, category = '') =>
      `/search?q=${encodeURIComponent(query)}` +
      (category === '' ? '' : `&category=${encodeURIComponent(category)}`),
  },
  category: {
    path: '/category/:category',
    getHref: (category: string) => `/category/${encodeURIComponent(category)}`,
  },
  auth: { path: '/auth', getHref: () => '/auth' },
  verifyEmail: { path: '/verify-email' },
  postNew: {
    path: '/posts/new',
    getHref: () => '/posts/new',
    /** The editor for a new translation of the post with this slug, linked to it. */
    getTranslationHref: (slug: string) => `/posts/new?translate=${encodeURIComponent(slug)}`,
  },
  postEdit: {
    path: '/posts/edit/:slug',
    getHref: (slug: string) => `/posts/edit/${encodeURIComponent(slug)}`,
  },
  postEditor: { path: '/post-editor', getHref: () => '/post-editor' },
  postEditorEdit: {
    path: '/post-editor/:slug',
    getHref: (slug: string) => `/post-editor/${encodeURIComponent(slug)}`,
  },
  admin: { path: '/admin', getHref: () => '/admin' },
  adminPosts: { path: '/admin/posts', getHref: () => '/admin/posts' },
  adminSiteSettings: { path: '/admin/site-settings', getHref: () => '/admin/site-settings' },
  adminImport: { path: '/admin/import', getHref: () => '/admin/import' },
  adminAnalytics: { path: '/admin/analytics', getHref: () => '/admin/analytics' },
  languageDemo: { path: '/language-demo', getHref: () => '/language-demo' },
  formatTest: { path: '/format-test', getHref: () => '/format-test' },
  czechFormatTest: { path: '/czech-format-test', getHref: () => '/czech-format-test' },
  profile: { path: '/profile', getHref: () => '/profile' },
  /** Where an account the site requires two-factor sign-in of is kept until it sets it up. */
  twoFactorSetup: { path: '/profile/two-factor', getHref: () => '/profile/two-factor' },
  myPosts: { path: '/my-posts', getHref: () => '/my-posts' },
  serverError: { path: '/server-error', getHref: () => '/server-error' },
  unauthorized: { path: '/unauthorized', getHref: () => '/unauthorized' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  newsletter: { path: '/newsletter', getHref: () => '/newsletter' },
  newsletterConfirm: { path: '/newsletter/confirm' },
  newsletterUnsubscribe: { path: '/newsletter/unsubscribe' },
  adminNewsletter: { path: '/admin/newsletter', getHref: () => '/admin/newsletter' },
} as const;
