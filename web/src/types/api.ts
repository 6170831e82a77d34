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
  updatedAt: string | null;
  updatedBy: number | null;
}
