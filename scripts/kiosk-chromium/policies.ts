/**
 * The Chromium policies a campus installs on every kiosk terminal, machine-wide, as
 * /etc/chromium/policies/managed/gradapp-kiosk.json (Debian and Ubuntu's chromium; Google Chrome
 * reads /etc/opt/chrome/policies/managed/). The launcher's own flags and reset keep each applicant
 * apart; these close what a flag cannot: other sites, downloads, developer tools, incognito and
 * guest windows, saving a printout as a file, and the browser remembering anything across a reset
 * that a profile would not hold. `npm run kiosk:chromium -- --policies <app URL>` prints them for
 * the campus's address; docs/deploy/chromium-kiosk-policies.json is them for the example address.
 */
export function kioskPolicies(appUrl: URL): Record<string, unknown> {
  return {
    // Only the application: every other address is refused by the browser itself (the app's own
    // guards say why in the page). The PDF viewer prints the application; about:blank is the
    // blank kiosk window shown between applicants.
    URLBlocklist: ['*'],
    URLAllowlist: [appUrl.origin, 'about:blank', 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai'],
    // 3: no downloads at all; the application PDF is printed instead.
    DownloadRestrictions: 3,
    // 2: no developer tools, no "Inspect". The launcher's DevTools pipe is RemoteDebuggingAllowed's, left on.
    DeveloperToolsAvailability: 2,
    RemoteDebuggingAllowed: true,
    // 1: no incognito window; and no guest window or second profile to open beside the kiosk.
    IncognitoModeAvailability: 1,
    BrowserGuestModeEnabled: false,
    BrowserAddPersonEnabled: false,
    BrowserSignin: 0,
    SyncDisabled: true,
    // Printing goes to the terminal's default printer (--kiosk-printing, no dialog); never to a file.
    PrintingEnabled: true,
    PrintPreviewUseSystemDefaultPrinter: true,
    PrinterTypeDenyList: ['pdf', 'extension', 'cloud'],
    // Nothing typed is offered to the next person, even within one applicant's profile.
    PasswordManagerEnabled: false,
    AutofillAddressEnabled: false,
    AutofillCreditCardEnabled: false,
    TranslateEnabled: false,
    // Camera, microphone, location and notifications: the application asks for none.
    AudioCaptureAllowed: false,
    VideoCaptureAllowed: false,
    DefaultGeolocationSetting: 2,
    DefaultNotificationsSetting: 2,
  };
}
