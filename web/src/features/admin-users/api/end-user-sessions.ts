// DELETE /api/admin/users/{id}/sessions: signs a user out everywhere (a stolen laptop, a leaving
// colleague); answers how many sessions ended.
import { useMutation } from '@tanstack/react-query';

import { toast } from '@/components/ui/toast';
import { interpolate } from '@/lib/i18n';
import { useAdminTexts } from '@/lib/i18n/admin-texts';
import { api } from '@/lib/api-client';
import { useSecurityTexts } from '@/lib/i18n/security-texts';

/** Rejects with ApiError: 403 for a non-admin, 404 unknown user. */
export function endUserSessions(userId: number): Promise<{ ended: number }> {
  return api.delete<{ ended: number }>(`/api/admin/users/${userId}/sessions`);
}

/** The mutation with its toasts: 'Sessions ended: N', or the failure in the interface language. */
export function useEndUserSessions() {
  const secT = useSecurityTexts();
  const adminT = useAdminTexts();
  return useMutation({
    mutationFn: endUserSessions,
    onSuccess: ({ ended }) => toast({ title: interpolate(secT.sessionsEnded, { count: ended }) }),
    onError: (error) =>
      toast({
        title: secT.failed,
        description: error.message === 'User not found' ? adminT.users.notFound : error.message,
        variant: 'destructive',
      }),
  });
}
