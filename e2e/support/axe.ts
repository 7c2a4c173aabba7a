/**
 * axe-core over what the page shows now (WCAG 2.1 A/AA and axe's best practices): the test fails
 * with a readable list of each rule broken and where. `context` narrows the check to a part of
 * the page (a CSS selector, or include/exclude selectors). `soft` records a failure and goes on
 * (a sweep over several screens), `name` says which screen in the message.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

export type AxeContext = string | { include?: string | string[]; exclude?: string | string[] };

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Rules axe leaves off by default ("experimental") that the app keeps: WCAG 2.5.3, label in name. */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

const list = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export async function expectNoAxeViolations(page: Page, context?: AxeContext, { soft = false, name }: { soft?: boolean; name?: string } = {}) {
  // options() replaces what withTags() set: rules first, then the tags.
  let builder = new AxeBuilder({ page }).options({ rules: EXTRA_RULES }).withTags(TAGS);
  const { include, exclude } = typeof context === 'string' ? { include: context, exclude: undefined } : (context ?? {});
  for (const selector of list(include)) builder = builder.include(selector);
  for (const selector of list(exclude)) builder = builder.exclude(selector);
  // A step of its own, so a report shows what one axe run costs.
  const { violations } = await test.step('axe', () => builder.analyze());
  const report = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\n/g, ' ')}`).join('\n'),
  );
  (soft ? expect.soft : expect)(report, `${name ? `${name}: ` : ''}axe violations on ${page.url()}`).toEqual([]);
}
