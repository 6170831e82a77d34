// Toast API: the <Toaster /> to mount once, and toast() to call from anywhere.
export { Toaster } from './toaster';
export { dismissToast, toast, toastAfter, type ToastInput, type ToastVariant } from './use-toast';
