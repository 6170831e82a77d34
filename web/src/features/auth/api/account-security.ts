// Two-factor set-up (/api/user/2fa/*) and the user's sessions (/api/user/sessions).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { userQueryKey } from './get-user';

export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
  qrSvg: string;
}

export interface SessionInfo {
  id: number;
  browser: string;
  system: string;
  address: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

export const sessionsQueryKey = ['user', 'sessions'] as const;

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: () => api.post<TwoFactorSetup>('/api/user/2fa/setup', {}) });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<{ recoveryCodes: string[] }>('/api/user/2fa/enable', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      api.post<{ message: string }>('/api/user/2fa/disable', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: () => api.get<SessionInfo[]>('/api/user/sessions'),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/user/sessions/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ended: number }>('/api/user/sessions/revoke-others', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
