import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, toast, toastError } from './toast-store';

export { toast, toastError } from './toast-store';
export type { ToastInput, ToastVariant } from './toast-store';

export function useToast() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return { toasts, toast, toastError, dismiss: dismissToast };
}
