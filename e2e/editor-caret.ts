import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Puts the caret at the end of the paragraph that starts with `where`, as a person clicks there, and
 * clicks again if it did not land there: a click at the moment another's keys arrive can be undone by
 * the document's update (y-prosemirror restores the selection it had; decision 34), as a person would see.
 */
export async function placeCaret(page: Page, where: string) {
  const caretIn = () =>
    page.evaluate(() => window.getSelection()?.anchorNode?.parentElement?.closest('p')?.textContent ?? '');
  await expect(async () => {
    await page.getByRole('textbox', { name: 'Content' }).getByText(where).click();
    await page.keyboard.press('End');
    expect(await caretIn()).toMatch(new RegExp(`^${where}`));
  }).toPass({ timeout: 15_000 });
}
