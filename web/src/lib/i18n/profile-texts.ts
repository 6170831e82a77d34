// Texts of the profile page, in both languages. They live beside the code that loads on demand, not in the
// shared dictionaries every first visit downloads (the reader's budget has no room for them);
// profile-texts.test.ts keeps the key sets equal.
import type { Widen } from './dictionary';
import type { Language } from './language';
import { useLanguage } from './use-t';

const en = {
  description: 'Your account details and password',
  detailsTitle: 'Account Details',
  username: 'Username',
  email: 'Email',
  role: 'Role',
  status: 'Status',
  emailVerified: 'Email Verified',
  memberSince: 'Member since',
  roleUser: 'User',
  roleAdmin: 'Administrator',
  yes: 'Yes',
  no: 'No',
  changePassword: 'Change Password',
  changePasswordDescription: 'Enter your current password, then the new one twice.',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  confirmNewPassword: 'Confirm New Password',
  submit: 'Change Password',
  submitting: 'Changing...',
  changeFailed: 'Password change failed',
};

export type ProfileTexts = Widen<typeof en>;

const cs: ProfileTexts = {
  description: 'Údaje o vašem účtu a heslo',
  detailsTitle: 'Údaje o účtu',
  username: 'Uživatelské jméno',
  email: 'E-mail',
  role: 'Role',
  status: 'Stav',
  emailVerified: 'E-mail ověřen',
  memberSince: 'Členem od',
  roleUser: 'Uživatel',
  roleAdmin: 'Administrátor',
  yes: 'Ano',
  no: 'Ne',
  changePassword: 'Změna hesla',
  changePasswordDescription: 'Zadejte současné heslo a potom dvakrát nové.',
  currentPassword: 'Současné heslo',
  newPassword: 'Nové heslo',
  confirmNewPassword: 'Potvrzení nového hesla',
  submit: 'Změnit heslo',
  submitting: 'Měním heslo...',
  changeFailed: 'Heslo se nepodařilo změnit',
};

export const profileTexts: Readonly<Record<Language, ProfileTexts>> = { en, cs };

export function useProfileTexts(): ProfileTexts {
  return profileTexts[useLanguage()];
}
