// The site settings a fresh install starts with (spec §3); used when the call fails.
import type { SiteSettings } from '@/types/api';

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  id: 1,
  siteTitle: 'PayTech Blog',
  siteDescription:
    'Expert insights and analysis on payment technologies, fintech innovations, and industry trends.',
  imageOnRight: false,
  heroBackgroundColor: '#1e293b',
  titleColor: '#4f46e5',
  subtitleColor: '#f9fafb',
  heroImage: '/uploads/payments-hero.svg',
  heroImageWidth: '75%',
  heroImageHeight: 'auto',
  updatedAt: null,
  updatedBy: null,
};
