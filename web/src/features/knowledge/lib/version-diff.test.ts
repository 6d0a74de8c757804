import { describe, expect, it } from 'vitest';
import { hasChanges, tagChanges, textChanges } from './version-diff';

describe('textChanges', () => {
  it('marks the words taken out and put in, keeping the rest', () => {
    expect(textChanges('Restart the pump.\nCheck the valve.', 'Restart the big pump.\nCheck the valve.')).toEqual([
      { kind: 'same', text: 'Restart the ' },
      { kind: 'added', text: 'big ' },
      { kind: 'same', text: 'pump.\nCheck the valve.' },
    ]);
    const replaced = textChanges('Call Ada', 'Call Grace');
    expect(replaced.filter((change) => change.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'Ada' },
      { kind: 'added', text: 'Grace' },
    ]);
  });

  it('says when two texts are the same', () => {
    expect(hasChanges(textChanges('Same words', 'Same words'))).toBe(false);
    expect(hasChanges(textChanges('', 'New'))).toBe(true);
  });
});

describe('tagChanges', () => {
  it('lists each tag once: kept, added, then removed', () => {
    expect(tagChanges(['ops', 'old'], ['new', 'ops'])).toEqual([
      { kind: 'added', text: 'new' },
      { kind: 'same', text: 'ops' },
      { kind: 'removed', text: 'old' },
    ]);
  });
});
