import { describe, expect, it } from 'vitest';
import { isPersonalKey } from './local-data';
import { loggedOutMessage, onSessionEnd, reportSessionEnd, setSignedInUser } from './session-end';

describe('the end of a session', () => {
  it("words the 'Logged Out' toast as the spec does", () => {
    expect(loggedOutMessage('force_logout')).toBe(
      "You were logged out from another device using 'Sign Out Everywhere Else'. Please log in again.",
    );
    expect(loggedOutMessage('expired')).toBe('Session marked as expired. Please log in again.');
    expect(loggedOutMessage('signed_out')).toBe('You have been logged out successfully.');
  });

  it('tells every listener in the page', () => {
    const heard: string[] = [];
    const stop = onSessionEnd((reason) => heard.push(reason));
    reportSessionEnd('no_one_signed_in');
    setSignedInUser('user-1');
    reportSessionEnd('force_logout');
    stop();
    reportSessionEnd('expired');
    expect(heard).toEqual(['force_logout']);
  });

  it("wipes the person's keys and keeps the browser's theme", () => {
    const keys = ['account-preferences', 'lore-return-to', 'app_session_id_42', 'ai-search:7', 'ai-search-asked:7'];
    for (const key of [...keys, 'recently-viewed']) expect(isPersonalKey(key)).toBe(true);
    expect(isPersonalKey('lore-theme')).toBe(false);
  });
});
