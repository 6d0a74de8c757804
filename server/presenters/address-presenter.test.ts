import { describe, expect, it } from 'vitest';
import { readableAddress } from './address-presenter';

describe('readableAddress', () => {
  it.each([
    ['192.0.2.10', '192.0.2.10'],
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:192.0.2.10', '192.0.2.10'],
    ['::FFFF:c000:020a', '192.0.2.10'],
    ['0000:0000:0000:0000:0000:ffff:c000:020a', '192.0.2.10'],
    ['::1', 'localhost'],
    ['0000:0000:0000:0000:0000:0000:0000:0001', 'localhost'],
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:0db8:85a3:0000:0000:0000:0000:0000', '2001:db8:85a3::'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['2001:0:0:1:0:0:0:1', '2001:0:0:1::1'],
    ['fe80:0000:0000:0000:0204:61ff:fe9d:f156', 'fe80::204:61ff:fe9d:f156'],
  ])('writes %s as %s', (stored, shown) => {
    expect(readableAddress(stored)).toBe(shown);
  });

  it.each([['0000:0000:0000:0000:0000:0000:0000:0000'], ['::'], [''], [null], [undefined], ['not an address']])(
    'has nothing to say for %s',
    (stored) => {
      expect(readableAddress(stored)).toBeNull();
    },
  );
});
