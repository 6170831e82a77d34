// Business constants of the spec (§9) shared across features.

export const BUILT_IN_CATEGORIES = [
  'Digital Payments',
  'Fintech',
  'Regulations',
  'Cybersecurity',
  'Innovation',
  'Market Trends',
] as const;

export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_LIMIT = 1;

export const SESSION_REFETCH_INTERVAL_MS = 60_000;
export const SESSION_STALE_TIME_MS = 55_000;

export const ADMIN_POSTS_POLL_INTERVAL_MS = 5000;

export const CATEGORY_NAME_MIN_LENGTH = 3;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
