import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { RememberedRoutes } from './remembered-routes';

const routes: Array<[method: string, path: string]> = [
  ['ALL', '/api/*'],
  ['GET', '/api/accounts/:accountId/knowledge/count'],
  ['GET', '/api/accounts/:accountId/knowledge/:knowledgeId'],
  ['PATCH', '/api/accounts/:accountId/knowledge/:knowledgeId'],
  ['GET', '/api/me'],
];

function both() {
  const remembered = new RememberedRoutes<string>();
  const trie = new TrieRouter<string>();
  for (const [method, path] of routes) {
    remembered.add(method, path, `${method} ${path}`);
    trie.add(method, path, `${method} ${path}`);
  }
  return { remembered, trie };
}

describe('remembered routes', () => {
  it('match as Hono’s trie does, parameters and all, the first time and the next', () => {
    const { remembered, trie } = both();
    const asked: Array<[string, string]> = [
      ['GET', '/api/accounts/a1/knowledge/count'],
      ['GET', '/api/accounts/a1/knowledge/k1'],
      ['PATCH', '/api/accounts/a2/knowledge/k2'],
      ['DELETE', '/api/accounts/a2/knowledge/k2'],
      ['GET', '/api/me'],
      ['GET', '/nothing'],
    ];
    for (const [method, path] of [...asked, ...asked]) {
      expect(remembered.match(method, path)).toEqual(trie.match(method, path));
    }
  });

  it('remember a path’s match, and forget every match when a route is added', () => {
    const { remembered } = both();
    const first = remembered.match('GET', '/api/accounts/a1/knowledge/k1');
    expect(remembered.match('GET', '/api/accounts/a1/knowledge/k1')).toBe(first);
    remembered.add('GET', '/api/accounts/:accountId/knowledge/:knowledgeId/history', 'history');
    expect(remembered.match('GET', '/api/accounts/a1/knowledge/k1')).not.toBe(first);
  });

  it('do not keep a long path', () => {
    const { remembered } = both();
    const long = `/api/accounts/a1/knowledge/${'k'.repeat(300)}`;
    expect(remembered.match('GET', long)).not.toBe(remembered.match('GET', long));
  });
});
