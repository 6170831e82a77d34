// The destructive alert above a form with the server's (translated) message.
import { CircleAlert } from 'lucide-react';

import { Alert, AlertDescription } from '@/components/ui/alert';

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" data-testid="form-error" className="flex items-start gap-2">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
