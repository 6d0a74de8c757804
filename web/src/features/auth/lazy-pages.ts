/** The feature's pages as lazy routes: each loads, in its own chunk, on first visit. */
export const authPages = {
  login: () => import('./pages/login-page').then((m) => ({ Component: m.LoginPage })),
  signup: () => import('./pages/signup-page').then((m) => ({ Component: m.SignupPage })),
  callback: () => import('./pages/auth-callback-page').then((m) => ({ Component: m.AuthCallbackPage })),
};
