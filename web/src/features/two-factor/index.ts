/** Two-factor sign-in: the 'Verify with 2FA' screen, the set-up dialog and the settings card. */
export { TwoFactorCard } from './components/two-factor-card';
export { TwoFactorDialog } from './components/two-factor-dialog';
export { TwoFactorVerifyScreen } from './components/verify-screen';
