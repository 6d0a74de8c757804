import { describe, expect, it } from 'vitest';
import { accountNameSchema } from '@common/accounts';
import { createApiTokenSchema } from '@common/api-tokens';
import { knowledgeInputSchema } from '@common/knowledge';
import { checkBySchema, WHOLE_FORM } from './schema-form';

describe('a form checked by its schema', () => {
  it('answers the parsed values when they pass', () => {
    expect(checkBySchema(accountNameSchema, '  Platform  ')).toEqual({ ok: true, data: 'Platform' });
  });

  it("puts a value without fields' problem on the whole form", () => {
    expect(checkBySchema(accountNameSchema, '   ')).toEqual({
      ok: false,
      errors: { [WHOLE_FORM]: 'Account name cannot be empty' },
    });
  });

  it("keeps each field's first problem under its name", () => {
    const checked = checkBySchema(knowledgeInputSchema, { title: '', tags: ['ok', ''], content: '<p>x</p>' });
    expect(checked).toEqual({ ok: false, errors: { title: 'Title is required', tags: 'Tags cannot be empty' } });
  });

  it('names the field of a form of several', () => {
    const checked = checkBySchema(createApiTokenSchema, {
      name: '',
      accountId: '00000000-0000-4000-8000-000000000000',
      access: 'read',
      expiresInDays: 30,
    });
    expect(checked.ok).toBe(false);
    expect(Object.keys(!checked.ok ? checked.errors : {})).toEqual(['name']);
  });
});
