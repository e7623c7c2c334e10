/** The accounts feature's browser-safe surface (the server half is index.server.ts). */
export * from './model';
export { AccountNav } from './ui/account-nav';
export {
  LostPasswordView,
  RegisterView,
  ResetPasswordView,
  SignInView,
  SignOutView,
} from './ui/account-pages';
