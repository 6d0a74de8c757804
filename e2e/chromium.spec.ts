import { expect, test, type Browser } from '@playwright/test';

/** The switches Chromium was started with, as its version page shows them. */
async function commandLine(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('chrome://version');
  const line = (await page.locator('#command_line').textContent()) ?? '';
  await context.close();
  return line.split(/\s+/);
}

test("the browser tests' Chromium keeps every feature Playwright turns off, and starts no address-bar popup", async ({
  browser,
}) => {
  const lists = (await commandLine(browser))
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
  // Chromium reads the last list only: it must hold every feature of the ones before it.
  const read = lists.at(-1) ?? [];
  expect(lists.flat().filter((feature) => !read.includes(feature))).toEqual([]);

  const context = await browser.newContext();
  await (await context.newPage()).setContent('<p>Ready</p>');
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: Array<{ url: string }> };
  expect(targetInfos.map((target) => target.url).filter((url) => url.includes('omnibox'))).toEqual([]);
  await context.close();
});
