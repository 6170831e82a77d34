// PATCH /api/site-settings (admins): saves the hero settings and answers the saved settings.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/components/ui/toast';
import { api, isApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { useSettingsTexts, type SettingsTexts } from '@/lib/i18n/settings-texts';
import type { SiteSettings } from '@/types/api';

import {
  SETTINGS_FIELDS,
  toSettingsPayload,
  translateSettingsMessage,
  type SettingsErrors,
  type SettingsValues,
} from '../utils/settings-form';

import { siteSettingsQueryKey } from './get-site-settings';

/** Rejects with ApiError: 400 with field messages, 401 logged out, 403 not an admin. */
export function updateSiteSettings(values: SettingsValues): Promise<SiteSettings> {
  return api.patch<SiteSettings>('/api/site-settings', toSettingsPayload(values));
}

/** The server's field messages of a failed save, translated. */
export function settingsFieldErrors(error: unknown, texts: SettingsTexts): SettingsErrors {
  const errors: SettingsErrors = {};
  if (!isApiError(error)) return errors;
  for (const field of SETTINGS_FIELDS) {
    const message = error.fields[field];
    if (message !== undefined) errors[field] = translateSettingsMessage(message, texts);
  }
  return errors;
}

/** Saves, puts the answer in the cache so the hero changes at once, and toasts the outcome. */
export function useUpdateSiteSettings() {
  const t = useT();
  const settingsT = useSettingsTexts();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(siteSettingsQueryKey, saved);
      void queryClient.invalidateQueries({ queryKey: siteSettingsQueryKey });
      toast({ title: settingsT.toast.updated, description: settingsT.toast.updatedDescription });
    },
    onError: (error) => {
      toast({
        title: settingsT.toast.updateFailed,
        description:
          error.message !== ''
            ? translateSettingsMessage(error.message, settingsT)
            : t.errors.generic,
        variant: 'destructive',
      });
    },
  });
}
