import { describe, expect, it } from 'vitest';
import { knowledgeFilterParams, paths } from './paths';

const id = '7f1d2c3e-1111-4222-8333-944455556666';

describe('paths', () => {
  it('builds the signed-out and first-run addresses', () => {
    expect(paths.login()).toBe('/login');
    expect(paths.login('link')).toBe('/login?error=link');
    expect(paths.login('callback')).toBe('/login?error=callback');
    expect(paths.signup()).toBe('/signup');
    expect(paths.authCallback()).toBe('/auth/callback');
    expect(paths.welcome()).toBe('/welcome');
    expect(paths.invitations()).toBe('/invitations');
  });

  it('shows every workspace only when asked', () => {
    expect(paths.accounts()).toBe('/accounts');
    expect(paths.accounts({ all: false })).toBe('/accounts');
    expect(paths.accounts({ all: true })).toBe('/accounts?all=1');
  });

  it('builds the sections of an account', () => {
    const account = paths.account(id);
    expect(account.root()).toBe(`/account/${id}`);
    expect(account.dashboard()).toBe(`/account/${id}/dashboard`);
    expect(account.users()).toBe(`/account/${id}/users`);
    expect(account.sessions()).toBe(`/account/${id}/sessions`);
    expect(account.help()).toBe(`/account/${id}/help`);
    expect(account.createArticle()).toBe(`/account/${id}/knowledge/create`);
  });

  it('opens and edits articles by full or short id', () => {
    const account = paths.account(id);
    expect(account.article('Ab3_x-9Z')).toBe(`/account/${id}/knowledge/Ab3_x-9Z`);
    expect(account.article(id)).toBe(`/account/${id}/knowledge/${id}`);
    expect(account.editArticle('Ab3_x-9Z')).toBe(`/account/${id}/knowledge/edit/Ab3_x-9Z`);
    expect(account.articleHistory('Ab3_x-9Z')).toBe(`/account/${id}/knowledge/history/Ab3_x-9Z`);
  });

  it('escapes ids, so an odd one cannot leave its path segment', () => {
    expect(paths.account('a/b').dashboard()).toBe('/account/a%2Fb/dashboard');
    expect(paths.account(id).article('x/../../users?y')).toBe(`/account/${id}/knowledge/x%2F..%2F..%2Fusers%3Fy`);
  });

  it('puts the settings tab in ?tab=, except the default account tab', () => {
    const account = paths.account(id);
    expect(account.settings()).toBe(`/account/${id}/settings`);
    expect(account.settings('account')).toBe(`/account/${id}/settings`);
    expect(account.settings('profile')).toBe(`/account/${id}/settings?tab=profile`);
    expect(account.settings('billing')).toBe(`/account/${id}/settings?tab=billing`);
  });

  it('asks the AI search a trimmed question, and nothing for a blank one', () => {
    const account = paths.account(id);
    expect(account.aiSearch()).toBe(`/account/${id}/ai-search`);
    expect(account.aiSearch('   ')).toBe(`/account/${id}/ai-search`);
    const asked = new URL(account.aiSearch('  how do we deploy & roll back?  '), 'http://x');
    expect(asked.pathname).toBe(`/account/${id}/ai-search`);
    expect(asked.searchParams.get('q')).toBe('how do we deploy & roll back?');
    expect([...asked.searchParams.keys()]).toEqual(['q']);
  });

  it('keeps knowledge filters as ?search= and one ?tag= per tag, in order', () => {
    const account = paths.account(id);
    expect(account.knowledge()).toBe(`/account/${id}/knowledge`);
    expect(account.knowledge({ search: '', tags: [] })).toBe(`/account/${id}/knowledge`);
    expect(account.knowledge({ tags: ['runbook'] })).toBe(`/account/${id}/knowledge?tag=runbook`);
    expect(account.knowledge({ search: 'pipeline checks', tags: ['runbook', 'deploy'] })).toBe(
      `/account/${id}/knowledge?search=pipeline+checks&tag=runbook&tag=deploy`,
    );
    const odd = new URL(account.knowledge({ tags: ['c++', 'a&b', 'x=y'] }), 'http://x');
    expect(odd.searchParams.getAll('tag')).toEqual(['c++', 'a&b', 'x=y']);
  });
});

describe('knowledgeFilterParams', () => {
  it('leaves out a blank search but keeps a real one as typed', () => {
    expect(knowledgeFilterParams({ search: '   ' }).has('search')).toBe(false);
    expect(knowledgeFilterParams({ search: ' deploy ' }).get('search')).toBe(' deploy ');
  });

  it('keeps repeated tags and an empty filter empty', () => {
    expect(knowledgeFilterParams({}).toString()).toBe('');
    expect(knowledgeFilterParams({ tags: ['a', 'b'] }).getAll('tag')).toEqual(['a', 'b']);
  });
});
