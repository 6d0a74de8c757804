/** The feature's pages as lazy routes: each loads, in its own chunk, on first visit. */
export const authPages = {
  login: () => import('./pages/login-page').then((m) => ({ Component: m.LoginPage })),
  signup: () => import('./pages/signup-page').then((m) => ({ Component: m.SignupPage })),
  callback: () => import('./pages/auth-callback-page').then((m) => ({ Component: m.AuthCallbackPage })),
};

/** What the sign-in and sign-up pages ask for first (page-data.ts): loaded beside their code. */
export const loadAuthPageData = () => import('./page-data').then((m) => m.authPageData);
