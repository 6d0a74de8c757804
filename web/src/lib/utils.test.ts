import { describe, expect, it } from 'vitest';
import { formatDate, formatDateUtc } from './utils';

describe('formatDate', () => {
  it('writes a date as en-GB does: day, short month, year, in the local time zone', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
    for (let month = 0; month < 12; month++) {
      const date = new Date(2026, month, month + 1, 23, 30);
      expect(formatDate(date)).toBe(intl.format(date));
      expect(formatDate(date.toISOString())).toBe(intl.format(date));
    }
    expect(formatDate(new Date(2026, 10, 21))).toBe('21 Nov 2026');
  });
});

describe('formatDateUtc', () => {
  it('writes the date as en-GB does in UTC, whatever the local time zone', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    for (let month = 0; month < 12; month++) {
      const date = new Date(Date.UTC(2026, month, month + 1, 23, 30));
      expect(formatDateUtc(date)).toBe(intl.format(date));
      expect(formatDateUtc(date.toISOString())).toBe(intl.format(date));
    }
    expect(formatDateUtc('2026-11-21T23:59:00-05:00')).toBe('22 Nov 2026');
  });
});
