/** What the staff side says to its users, in one place. */
export const staffAccountMessages = {
  loginFailed: 'The e-mail address, password or code is not correct.',
  locked: 'This account is locked after too many wrong codes. Ask an administrator for a new invitation.',
  loggedIn: 'You are logged in.',
  loggedOut: 'You have been logged out.',
  sessionInvalid: 'Your staff session has ended. Please log in again.',
  invitationInvalid: 'This invitation link has expired or has already been used. Ask an administrator for a new one.',
  enrolCodeWrong: 'That is not the code your app shows now. Check that the app was set up with this code and that the phone’s clock is right, then enter the newest code.',
  enrolled: 'Your account is ready. Keep these recovery codes somewhere safe: each one logs you in once if you lose your phone.',
  currentPasswordWrong: 'Your current password is not correct.',
  passwordChanged: 'Your password has been changed. Please log in again.',
  keptAlive: 'Session kept alive.',
} as const;
