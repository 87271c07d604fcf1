import type { Session } from 'electron';

export type PermissionSession = Pick<
  Session,
  'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler' | 'on'
>;

/**
 * The application needs no browser permission at all: no camera, microphone, location,
 * notifications, clipboard reading, MIDI, HID/USB/serial devices, pointer lock or File System
 * Access (whose save picker would write to disk on a kiosk). Every request and every check is
 * answered no.
 */
export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.on('file-system-access-restricted', (_event, _details, callback) => callback('deny'));
}
