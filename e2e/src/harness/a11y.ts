import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface A11yViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) on the page as it is now. Legacy mode runs axe in the page itself; the
 * default mode finishes every scan in a new blank page (a new renderer), which is only needed for cross-origin
 * frames, and our pages have none.
 */
export async function axeViolations(page: Page): Promise<A11yViolation[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 90)}`),
  }));
}

/** One line per violation, for failure messages and the run's log. */
export function formatViolations(where: string, violations: A11yViolation[]): string {
  if (violations.length === 0) return `${where}: no axe violations`;
  return [`${where}: ${violations.length} axe violation(s)`]
    .concat(violations.map((v) => `  [${v.impact}] ${v.id}: ${v.help} — ${v.targets.join(' | ')}`))
    .join('\n');
}
