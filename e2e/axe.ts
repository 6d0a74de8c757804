import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** What axe-core calls serious or critical in `scope` (a selector; the whole page when none), light and dark. */
export async function seriousProblems(page: Page, scope?: string): Promise<string[]> {
  const problems: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const axe = new AxeBuilder({ page })
      .setLegacyMode()
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
    if (scope) axe.include(scope);
    const { violations } = await axe.analyze();
    problems.push(
      ...violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${scheme} ${violation.id}: ${violation.help} at ${violation.nodes[0]?.target.join(' ')}`),
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return problems;
}
