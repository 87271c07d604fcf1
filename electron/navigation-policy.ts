/** Security measures shared by both shells: only the application's own origin may be shown. */
export function isAppOrigin(target: string, appUrl: URL): boolean {
  try {
    return new URL(target).origin === appUrl.origin;
  } catch {
    return false;
  }
}
