import { describe, expect, it } from 'vitest';
import type { Role } from '../db/schema';
import { knowledgePolicy } from './knowledge-policy';

describe('knowledgePolicy', () => {
  it.each<[Role, boolean, boolean, boolean]>([
    ['owner', true, true, true],
    ['admin', true, true, true],
    ['member', true, true, true],
  ])('%s: read %s, write %s, delete %s (spec section 1: every member)', (role, read, write, remove) => {
    expect([knowledgePolicy.read(role), knowledgePolicy.write(role), knowledgePolicy.delete(role)]).toEqual([read, write, remove]);
  });
});
