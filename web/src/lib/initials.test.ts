import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letter of the first two words', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('grace brewster murray hopper')).toBe('GB');
    expect(initialsOf('ada.lovelace@example.com')).toBe('AL');
    expect(initialsOf('  ')).toBe('');
  });

  it('keeps whole graphemes: emoji, flags, families and combining accents', () => {
    expect(initialsOf('🎉 Party Team')).toBe('🎉P');
    expect(initialsOf('🇳🇱 Dutch office')).toBe('🇳🇱D');
    expect(initialsOf('👩‍👩‍👧 Family')).toBe('👩‍👩‍👧F');
    expect(initialsOf('e\u0301mile zola')).toBe('E\u0301Z');
    expect(initialsOf('𝒜lice')).toBe('𝒜');
  });

  it('capitalises beyond ASCII', () => {
    expect(initialsOf('ørjan ędward')).toBe('ØĘ');
  });
});
