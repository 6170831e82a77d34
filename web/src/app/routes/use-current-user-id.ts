// The signed-in reader's id for the pages that list posts (their cards offer 'Edit post').
import { useUser } from '@/features/auth/api/get-user';

export function useCurrentUserId(): number | null {
  return useUser().data?.id ?? null;
}
