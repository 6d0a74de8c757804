/**
 * Every address in the web app, built in one place, so no page spells a route
 * by hand. The router (app/router.tsx) is the route table these builders fill
 * in; app/router.test.ts checks that each one lands on the route it means.
 */

/** Settings tabs, kept in ?tab=; the account tab is the default and has none. */
export type SettingsTab = 'account' | 'profile' | 'billing';

/** Why sign-in failed, as /login?error= says it. */
export type LoginError = 'link' | 'oauth' | 'callback';

/** Knowledge list filters: ?search=, one ?tag= per tag (all must match) and ?collection= (decision 35). */
export interface KnowledgeFilters {
  search?: string;
  tags?: readonly string[];
  collection?: string;
}

/** The knowledge list's query string for the given filters; a blank search is left out. */
export function knowledgeFilterParams({ search = '', tags = [], collection }: KnowledgeFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search);
  for (const tag of tags) params.append('tag', tag);
  if (collection) params.set('collection', collection);
  return params;
}

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const segment = encodeURIComponent;

/** Addresses inside one account (workspace). */
export function accountPaths(accountId: string) {
  const base = `/account/${segment(accountId)}`;
  return {
    root: () => base,
    dashboard: () => `${base}/dashboard`,
    knowledge: (filters: KnowledgeFilters = {}) => withQuery(`${base}/knowledge`, knowledgeFilterParams(filters)),
    /** The create form; with a place, the new page starts in that collection and under that parent. */
    createArticle: (place: { collection?: string; parent?: string } = {}) =>
      withQuery(
        `${base}/knowledge/create`,
        new URLSearchParams(Object.entries(place).filter((entry): entry is [string, string] => Boolean(entry[1]))),
      ),
    /** An article by its full id or its short id. */
    article: (ref: string) => `${base}/knowledge/${segment(ref)}`,
    editArticle: (ref: string) => `${base}/knowledge/edit/${segment(ref)}`,
    /** An article's history (the page opens a version with `?version=N`). */
    articleHistory: (ref: string) => `${base}/knowledge/history/${segment(ref)}`,
    users: () => `${base}/users`,
    /** The AI search page, asking `question` when there is one. */
    aiSearch: (question?: string) =>
      withQuery(`${base}/ai-search`, new URLSearchParams(question?.trim() ? { q: question.trim() } : {})),
    settings: (tab: SettingsTab = 'account') =>
      withQuery(`${base}/settings`, new URLSearchParams(tab === 'account' ? {} : { tab })),
    sessions: () => `${base}/sessions`,
    help: () => `${base}/help`,
  };
}

export type AccountPaths = ReturnType<typeof accountPaths>;

/** The app's addresses: `paths.login()`, `paths.account(id).article(ref)`... */
export const paths = {
  login: (error?: LoginError) => withQuery('/login', new URLSearchParams(error ? { error } : {})),
  signup: () => '/signup',
  /** Where sign-in links and providers return to. */
  authCallback: () => '/auth/callback',
  welcome: () => '/welcome',
  /** The account selector; `all` shows it even to someone with a single workspace. */
  accounts: (options: { all?: boolean } = {}) => (options.all ? '/accounts?all=1' : '/accounts'),
  invitations: () => '/invitations',
  /** Where notification e-mails' unsubscribe links lead (server/commands/discuss.ts builds them). */
  unsubscribe: (token: string) => withQuery('/unsubscribe', new URLSearchParams({ token })),
  account: accountPaths,
};
