// The route table of spec §2 with its access rules. Reader pages (home, post, search, category) are
// in the entry chunk, so a reader never waits on a second script nor sees a fallback flash; every
// other page loads lazily, one chunk each, and a reader never loads them.
import type { RouteObject } from 'react-router-dom';

import {
  GuestOnlyRoute,
  ProtectedRoute,
  TwoFactorSetupGate,
} from '@/features/auth/components/protected-route';

import { RootLayout } from './layout/root-layout';
import { CategoryRoute } from './routes/category';
import { HomeRoute } from './routes/home';
import { PostRoute } from './routes/post';
import { SearchRoute } from './routes/search';
import { RouteErrorScreen } from './routes/route-error';

/** Opt-ins to React Router 7 behaviour, so v6 prints no deprecation warnings. */
export const routerFutureFlags = {
  v7_relativeSplatPath: true,
  v7_fetcherPersist: true,
  v7_normalizeFormMethod: true,
  v7_partialHydration: true,
  v7_skipActionErrorRevalidation: true,
} as const;

export const providerFutureFlags = { v7_startTransition: true } as const;

const statusPages = () => import('./routes/status-pages');
const newsletterPages = () => import('./routes/newsletter');

const page = {
  auth: async () => ({ Component: (await import('./routes/auth')).AuthRoute }),
  editor: async () => ({ Component: (await import('./routes/post-editor')).PostEditorRoute }),
  admin: async () => ({
    Component: (await import('./routes/admin/dashboard')).AdminDashboardRoute,
  }),
  adminPosts: async () => ({ Component: (await import('./routes/admin/posts')).AdminPostsRoute }),
  adminSiteSettings: async () => ({
    Component: (await import('./routes/admin/site-settings')).AdminSiteSettingsRoute,
  }),
  adminImport: async () => ({
    Component: (await import('./routes/admin/import')).AdminImportRoute,
  }),
  adminAnalytics: async () => ({
    Component: (await import('./routes/admin/analytics')).AdminAnalyticsRoute,
  }),
  adminNewsletter: async () => ({
    Component: (await import('./routes/admin/newsletter')).AdminNewsletterRoute,
  }),
  newsletter: async () => ({ Component: (await newsletterPages()).NewsletterRoute }),
  newsletterConfirm: async () => ({
    Component: (await newsletterPages()).NewsletterConfirmRoute,
  }),
  newsletterUnsubscribe: async () => ({
    Component: (await newsletterPages()).NewsletterUnsubscribeRoute,
  }),
  languageDemo: async () => ({
    Component: (await import('./routes/language-demo')).LanguageDemoRoute,
  }),
  formatTest: async () => ({ Component: (await import('./routes/format-test')).FormatTestRoute }),
  czechFormatTest: async () => ({
    Component: (await import('./routes/format-test')).CzechFormatTestRoute,
  }),
  profile: async () => ({ Component: (await import('./routes/profile')).ProfileRoute }),
  twoFactorSetup: async () => ({
    Component: (await import('./routes/two-factor-setup')).TwoFactorSetupRoute,
  }),
  myPosts: async () => ({ Component: (await import('./routes/my-posts')).MyPostsRoute }),
  forgotPassword: async () => ({
    Component: (await import('./routes/password')).ForgotPasswordRoute,
  }),
  resetPassword: async () => ({
    Component: (await import('./routes/password')).ResetPasswordRoute,
  }),
  serverError: async () => ({ Component: (await statusPages()).ServerErrorRoute }),
  unauthorized: async () => ({ Component: (await statusPages()).UnauthorizedRoute }),
  notFound: async () => ({ Component: (await statusPages()).NotFoundRoute }),
};

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    HydrateFallback: () => null,
    children: [
      {
        errorElement: <RouteErrorScreen />,
        // An account that must set up two-factor sign-in first sees only the setup screen.
        element: <TwoFactorSetupGate />,
        children: [
          { index: true, Component: HomeRoute },
          { path: 'post/:slug', Component: PostRoute },
          { path: 'posts/:slug', Component: PostRoute },
          { path: 'search', Component: SearchRoute },
          { path: 'category/:category', Component: CategoryRoute },
          { element: <GuestOnlyRoute />, children: [{ path: 'auth', lazy: page.auth }] },
          // Not guest-only: registering signs the account in, and its mailed link must still work.
          { path: 'verify-email', lazy: page.auth },
          {
            element: <ProtectedRoute />,
            children: [
              { path: 'posts/new', lazy: page.editor },
              { path: 'posts/edit/:slug', lazy: page.editor },
              { path: 'post-editor', lazy: page.editor },
              { path: 'post-editor/:slug', lazy: page.editor },
              { path: 'profile', lazy: page.profile },
              // The new sign-in mail links here: the profile, which lists the sessions.
              { path: 'profile/sessions', lazy: page.profile },
              { path: 'profile/two-factor', lazy: page.twoFactorSetup },
              { path: 'my-posts', lazy: page.myPosts },
            ],
          },
          {
            element: <ProtectedRoute requireAdmin />,
            children: [
              { path: 'admin', lazy: page.admin },
              { path: 'admin/posts', lazy: page.adminPosts },
              { path: 'admin/site-settings', lazy: page.adminSiteSettings },
              { path: 'admin/import', lazy: page.adminImport },
              { path: 'admin/analytics', lazy: page.adminAnalytics },
              { path: 'admin/newsletter', lazy: page.adminNewsletter },
            ],
          },
          { path: 'language-demo', lazy: page.languageDemo },
          { path: 'format-test', lazy: page.formatTest },
          { path: 'czech-format-test', lazy: page.czechFormatTest },
          { path: 'forgot-password', lazy: page.forgotPassword },
          { path: 'reset-password', lazy: page.resetPassword },
          { path: 'newsletter', lazy: page.newsletter },
          { path: 'newsletter/confirm', lazy: page.newsletterConfirm },
          { path: 'newsletter/unsubscribe', lazy: page.newsletterUnsubscribe },
          { path: 'server-error', lazy: page.serverError },
          { path: 'unauthorized', lazy: page.unauthorized },
          { path: '*', lazy: page.notFound },
        ],
      },
    ],
  },
];
