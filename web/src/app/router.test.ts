import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { SignedInOnly, SignedOutOnly } from './guards';
import { createQueryClient } from '@/lib/query-client';
import { createRoutes } from './router';

const routes = createRoutes(createQueryClient());
const accountId = '7f1d2c3e-1111-4222-8333-944455556666';
const account = paths.account(accountId);

/** The route an address lands on: the deepest match's own path ('(index)' for an index route). */
function landing(address: string) {
  const matches = matchRoutes(routes, new URL(address, 'http://lore.test').pathname) ?? [];
  const last = matches.at(-1);
  return { route: last?.route.index ? '(index)' : last?.route.path, params: last?.params ?? {} };
}

/** Which guard an address passes through: 'signed out only', 'signed in only' or none. */
function guardOf(address: string) {
  const guards = (matchRoutes(routes, address) ?? []).flatMap(({ route }) =>
    isValidElement(route.element) && route.element.type === SignedInOnly
      ? ['signed in only']
      : isValidElement(route.element) && route.element.type === SignedOutOnly
        ? ['signed out only']
        : [],
  );
  expect(guards.length, address).toBeLessThanOrEqual(1);
  return guards[0] ?? 'none';
}

/** Every path pattern the table declares (without the catch-alls), with its parents'. */
function declaredPatterns(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const here = route.path !== undefined && route.path !== '*' ? [own] : [];
    return [...here, ...declaredPatterns(route.children ?? [], own)];
  });
}

const builders: Record<string, string> = {
  '/login': paths.login('link'),
  '/signup': paths.signup(),
  '/auth/callback': paths.authCallback(),
  '/welcome': paths.welcome(),
  '/accounts': paths.accounts({ all: true }),
  '/invitations': paths.invitations(),
  '/unsubscribe': paths.unsubscribe('a.b'),
  '/account/:accountId': account.root(),
  '/account/:accountId/dashboard': account.dashboard(),
  '/account/:accountId/users': account.users(),
  '/account/:accountId/knowledge': account.knowledge({ search: 'x', tags: ['a', 'b'] }),
  '/account/:accountId/knowledge/create': account.createArticle(),
  '/account/:accountId/knowledge/edit/:knowledgeId': account.editArticle('Ab3_x-9Z'),
  '/account/:accountId/knowledge/history/:knowledgeId': account.articleHistory('Ab3_x-9Z'),
  '/account/:accountId/knowledge/:knowledgeId': account.article('Ab3_x-9Z'),
  '/account/:accountId/ai-search': account.aiSearch('why?'),
  '/account/:accountId/settings': account.settings('profile'),
  '/account/:accountId/sessions': account.sessions(),
  '/account/:accountId/help': account.help(),
};

describe('the route table and the path builders', () => {
  it('has a builder for every route it declares', () => {
    expect(declaredPatterns(routes).sort()).toEqual(Object.keys(builders).sort());
  });

  it('sends each built address to the route it names, never to a catch-all', () => {
    for (const [pattern, address] of Object.entries(builders)) {
      const own =
        pattern === '/account/:accountId'
          ? '(index)'
          : pattern.startsWith('/account/')
            ? pattern.slice('/account/:accountId/'.length)
            : pattern;
      expect(landing(address).route, address).toBe(own);
    }
  });

  it('gives the pages the ids the builders put in', () => {
    expect(landing(account.article('Ab3_x-9Z')).params).toEqual({ accountId, knowledgeId: 'Ab3_x-9Z' });
    expect(landing(account.editArticle(accountId)).params).toEqual({ accountId, knowledgeId: accountId });
    expect(landing(paths.account('a b').dashboard()).params).toEqual({ accountId: 'a b' });
  });

  it('opens the create form, not an article called "create"', () => {
    expect(landing(account.createArticle()).route).toBe('knowledge/create');
  });

  it('sends unknown addresses to the catch-alls (dashboard inside an account, the selector outside)', () => {
    expect(landing(`${account.root()}/no/such/page`).route).toBe('*');
    expect(matchRoutes(routes, `${account.root()}/no/such/page`)?.at(-2)?.route.path).toBe('/account/:accountId');
    expect(landing('/no/such/page').route).toBe('*');
    expect(guardOf('/no/such/page')).toBe('signed in only');
  });

  it('keeps sign-in and sign-up for signed-out visitors, the callback and unsubscribe open to both, and everything else signed in', () => {
    expect(guardOf(paths.login())).toBe('signed out only');
    expect(guardOf(paths.signup())).toBe('signed out only');
    expect(guardOf(paths.authCallback())).toBe('none');
    expect(guardOf('/unsubscribe')).toBe('none');
    for (const [pattern, address] of Object.entries(builders)) {
      if (['/login', '/signup', '/auth/callback', '/unsubscribe'].includes(pattern)) continue;
      expect(guardOf(new URL(address, 'http://lore.test').pathname), address).toBe('signed in only');
    }
  });
});
