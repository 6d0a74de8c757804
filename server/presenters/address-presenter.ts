import { isIP } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (which may end in dotted IPv4), or undefined when it is not one. */
function groupsOf(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left = '', right] = text.split('::');
  const head = left ? left.split(':') : [];
  const tail = right ? right.split(':') : [];
  const zeros = right === undefined ? [] : Array<string>(8 - head.length - tail.length).fill('0');
  return [...head, ...zeros, ...tail].map((group) => Number.parseInt(group, 16));
}

/** IPv6 as RFC 5952 writes it: lower case, no leading zeros, the longest run of two or more zero groups as "::". */
function compressed(groups: number[]): string {
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8;) {
    let end = start;
    while (end < 8 && groups[end] === 0) end++;
    if (end - start > best.length) best = { start, length: end - start };
    start = end === start ? start + 1 : end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

/**
 * A session's address as people know it, or null when it says nothing (unknown,
 * or the all-zero address better-auth stored for an IPv6 loopback it had masked to its /64):
 * IPv4 as it is, IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as its IPv4, `::1` as `localhost`,
 * other IPv6 written short (`2001:db8::1`).
 */
export function readableAddress(stored: string | null | undefined): string | null {
  const address = stored?.trim();
  if (!address) return null;
  if (isIP(address) === 4) return address;
  const groups = groupsOf(address);
  if (!groups) return null;
  if (groups.every((group) => group === 0)) return null;
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return 'localhost';
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return compressed(groups);
}
