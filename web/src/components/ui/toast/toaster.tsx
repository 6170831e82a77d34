// Renders the toast queue through Radix: 5 s display, swipe right past 50 px, F8 focuses it.
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@/config/constants';
import { useT } from '@/lib/i18n';

import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast';
import { dismissToast, useToastStore } from './use-toast';

const TOAST_HOTKEY = ['F8'];

export function Toaster() {
  const t = useT();
  const toasts = useToastStore((state) => state.toasts);

  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, variant = 'default', open }) => (
        <Toast
          key={id}
          open={open}
          variant={variant}
          data-testid="toast"
          data-variant={variant}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{title}</ToastTitle>
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          <ToastClose aria-label={t.toast.close} />
        </Toast>
      ))}
      <ToastViewport hotkey={TOAST_HOTKEY} label={t.toast.viewportLabel} />
    </ToastProvider>
  );
}
