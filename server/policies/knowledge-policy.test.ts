import { describe, expect, it } from 'vitest';
import { ROLES } from '../../common/roles';
import { abilities } from './authorize';
import { knowledgePolicy } from './knowledge-policy';

describe('knowledgePolicy', () => {
  it.each(ROLES)('%s reads, writes, deletes, reads history and restores (spec section 1: every member)', (role) => {
    expect(abilities(knowledgePolicy, { role })).toEqual({
      read: true,
      write: true,
      delete: true,
      readHistory: true,
      restore: true,
    });
  });
});
