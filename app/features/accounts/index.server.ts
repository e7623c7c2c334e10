/** The accounts feature's server surface (the browser half is index.ts). */
export {
  ACCOUNT_LIMITS,
  ACCOUNT_PATHS,
  type AccountPageData,
  accountPage,
  headerUser,
  RESET_LIFETIME_MS,
  register,
  requestPasswordReset,
  resetPassword,
  resetPasswordPage,
  signIn,
  signOut,
} from './accounts.server';
export { type MailMessage, mailSettings, sendMail } from './mail.server';
export { hashPassword, verifyPassword } from './password.server';
export {
  endSession,
  hashToken,
  isHttps,
  newToken,
  SESSION_LIFETIME_MS,
  sessionReader,
  sessionToken,
  startSession,
} from './session.server';
