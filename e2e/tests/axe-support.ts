import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from '@playwright/test';

/** What the journeys hold the pages to: WCAG 2.2, levels A and AA (with 2.0's and 2.1's criteria). */
const wcag22aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * An axe run of the page as it is now, against WCAG 2.2 A and AA.
 *
 * Legacy mode runs axe in the page itself rather than gathering its findings in a blank page
 * opened for each run (most of a second of every run here). It leaves out frames of another
 * origin, and these pages have none.
 *
 * axe goes into each frame once per document: AxeBuilder evaluates its half-megabyte source
 * twice on every run, up to half a second each on two busy cores. Only the violations are
 * gathered node by node (resultTypes); every rule that passed is still listed, with one of its
 * nodes, as axe does for the result types it is not asked for.
 */
export async function axeOf(page: Page) {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axe.source);
  }
  return (
    // axe is in every frame already: AxeBuilder is given nothing more to inject.
    new AxeBuilder({ page, axeSource: ';' })
      .options({ resultTypes: ['violations'] })
      .withTags(wcag22aa)
      .setLegacyMode()
  );
}
