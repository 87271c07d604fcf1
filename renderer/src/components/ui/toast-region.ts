/** Marks the toast region, where a dismissed toast hands the focus (toaster.tsx, toasts.tsx). */
export const TOAST_REGION_ATTRIBUTE = 'data-toast-region';
