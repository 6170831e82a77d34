// English interface texts: the source of truth for the dictionary's shape.

export const en = {
  common: {
    loading: 'Loading...',
    backToHome: 'Back to home',
    returnToHomepage: 'Return to Homepage',
    backToAllPosts: 'Back to all posts',
    category: 'Category',
  },
  header: {
    signIn: 'Sign In',
    homeLink: 'Go to the home page',
  },
  footer: {
    rights: 'All rights reserved.',
  },
  language: {
    label: 'Interface language',
    english: 'English',
    czech: 'Čeština',
    switched: 'Language switched to English',
  },
  hero: {
    badge: 'Professional Payment Blog',
    readLatest: 'Read Latest Articles',
    imageAlt: 'Payment technology illustration',
  },
  search: {
    label: 'Search articles',
    placeholder: 'Search articles...',
    button: 'Search',
    resultsFor: 'Search Results for "{query}"',
  },
  home: {
    latestArticles: 'Latest Articles',
    allPosts: 'All Posts',
  },
  category: {
    description: 'Articles related to {category} in payment technologies and fintech innovations.',
  },
  auth: {
    signIn: 'Sign In',
    signInDescription: 'Sign in to manage blog content',
  },
  editor: {
    createTitle: 'Create New Post',
    editTitle: 'Edit Post',
  },
  admin: {
    dashboardTitle: 'Admin Dashboard',
    dashboardSubtitle: 'Manage users and content',
    managePosts: 'Manage Posts',
    siteSettings: 'Site Settings',
  },
  demo: {
    languageDemo: 'Language Demo',
    formatTest: 'Format Test',
    czechFormatTest: 'Czech Format Test',
  },
  account: {
    profile: 'Profile',
    forgotPassword: 'Forgot Password',
    resetPassword: 'Reset Password',
  },
  errors: {
    generic: 'An error occurred',
    serverErrorTitle: 'Server Error',
    serverError: 'An error occurred on the server. Please try again later.',
    unauthorizedTitle: 'Access Denied',
    unauthorized: 'You do not have permission to access this page.',
    notFoundTitle: '404 Page Not Found',
    notFoundHint: 'Did you forget to add the page to the router?',
  },
  toast: {
    viewportLabel: 'Notifications ({hotkey})',
    close: 'Close',
  },
} as const;
