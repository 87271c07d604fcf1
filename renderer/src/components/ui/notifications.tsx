import { loadChunk } from '../../lib/load-chunk';

export const SUCCESS_NOTIFICATION_LABEL = 'Success Notification';

type Toasts = typeof import('./toasts');
type ToastOptions = import('./toasts').ToastOptions;

// The toasts (react-hot-toast and its cards, toasts.tsx) are a chunk of their own: no page needs
// them before its first notice (issue 26, item 5). Notices asked for before it arrives wait here,
// in order, and are shown as it does; after that they are shown at once.
let toasts: Toasts | undefined;
let loading: Promise<Toasts> | undefined;
const waiting: Array<(loaded: Toasts) => void> = [];
const listeners = new Set<() => void>();

/** Fetches the toasts' chunk (once): at the first notice, or ahead of it (toaster.tsx). */
export function loadToasts(): Promise<Toasts> {
  return (loading ??= loadChunk(() => import('./toasts')).then((loaded) => {
    while (waiting.length > 0) waiting.shift()!(loaded);
    toasts = loaded;
    listeners.forEach((listener) => listener());
    return loaded;
  }));
}

/** The toasts' chunk once it has arrived, for the region to draw them (toaster.tsx). */
export function loadedToasts(): Toasts | undefined {
  return toasts;
}

export function onToastsLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function withToasts(action: (loaded: Toasts) => void): void {
  if (toasts) return action(toasts);
  waiting.push(action);
  void loadToasts();
}

/** Returns the toast's id: its label. */
export function showSuccessToast(message: string, options: ToastOptions & { label?: string } = {}): string {
  const { label = SUCCESS_NOTIFICATION_LABEL, ...rest } = options;
  withToasts((loaded) => loaded.showToast('success', label, message, rest));
  return label;
}

/** Takes the success toast down: a refused submit says one thing, its error summary (issue 26, item 4). */
export function dismissSuccessToast(): void {
  dismissToast(SUCCESS_NOTIFICATION_LABEL);
}

/** Takes a toast down by its label: a logout's reason once the applicant has logged in again (issue 33, item 5). */
export function dismissToast(label: string): void {
  // No notice was ever asked for: there is nothing to take down, and nothing to download.
  if (!loading) return;
  withToasts((loaded) => loaded.dismissToast(label));
}

/** label names the source, e.g. 'Login Card Error'; e2e tests and screen readers find toasts by it. Returns the toast's id: its label. */
export function showErrorToast(label: string, message: string, options: ToastOptions = {}): string {
  withToasts((loaded) => loaded.showToast('error', label, message, options));
  return label;
}
