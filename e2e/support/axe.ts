/**
 * axe-core over what the page shows now (WCAG 2.1 A/AA and axe's best practices): the test fails
 * with a readable list of each rule broken and where. `context` narrows the check to a part of
 * the page (a CSS selector, or include/exclude selectors). `soft` records a failure and goes on
 * (a sweep over several screens), `name` says which screen in the message.
 *
 * Why not always AxeBuilder (issue 50: axe was most of the look sweeps' time): its run evaluates
 * axe-core's unminified source (1.5 MB) in the page twice, runs axe.runPartial, then opens a blank
 * page, evaluates the source there again and sends it every result, passes and their nodes included
 * (about 1 MB on the drivers' grid). A page without frames needs none of that: axe-core's own
 * axe.run, with the same rules and tags, judges the same document. So axe's minified build is put in
 * the page once per document (a screen reached through the router keeps it), and only violations are
 * asked for (resultTypes: axe keeps one node of each other kind). On the drivers' grid and the
 * history at 390 px (load 3-8, four runs each, alternated): 1.3 s a run against 3.7 s for
 * AxeBuilder's single-frame run with the minified source and 5.4 s with its defaults; the same
 * rules passed and the same violations. A page with frames keeps AxeBuilder, which runs axe in each.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

export type AxeContext = string | { include?: string | string[]; exclude?: string | string[] };

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Rules axe leaves off by default ("experimental") that the app keeps: WCAG 2.5.3, label in name. */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };
const OPTIONS = { rules: EXTRA_RULES, runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] };
/** The axe-core that AxeBuilder itself runs (its pinned version, not another package's), minified. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js', { paths: [path.dirname(require.resolve('@axe-core/playwright'))] }), 'utf8');

/** What is read of a violation (axe-core's result type, in part). */
interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

const list = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

async function violations(page: Page, context: AxeContext | undefined): Promise<Violation[]> {
  const { include, exclude } = typeof context === 'string' ? { include: context, exclude: undefined } : (context ?? {});
  if (page.frames().length > 1) {
    // options() replaces what withTags() set: rules first, then the tags.
    let builder = new AxeBuilder({ page }).options({ rules: EXTRA_RULES, resultTypes: ['violations'] }).withTags(TAGS);
    for (const selector of list(include)) builder = builder.include(selector);
    for (const selector of list(exclude)) builder = builder.exclude(selector);
    return (await builder.analyze()).violations;
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Without include, axe judges the whole document.
  const scope = include === undefined ? { exclude: list(exclude) } : { include: list(include), exclude: list(exclude) };
  return page.evaluate(
    async ([scope, options]) => (await (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe.run(scope, options)).violations,
    [scope, OPTIONS] as const,
  );
}

export async function expectNoAxeViolations(page: Page, context?: AxeContext, { soft = false, name }: { soft?: boolean; name?: string } = {}) {
  // A step of its own, so a report shows what one axe run costs.
  const found = await test.step('axe', () => violations(page, context));
  const report = found.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\n/g, ' ')}`).join('\n'),
  );
  (soft ? expect.soft : expect)(report, `${name ? `${name}: ` : ''}axe violations on ${page.url()}`).toEqual([]);
}
