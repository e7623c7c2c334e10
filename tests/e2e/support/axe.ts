import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Axe findings that are known bugs in the app, excused here until the app is fixed (reported to the
 * lead with the selector and rule). Each entry excuses one rule on the pages whose path matches, and
 * only on the nodes whose selector matches, so the same mistake anywhere else still fails. Delete an
 * entry as soon as its bug is fixed.
 */
export const KNOWN_APP_A11Y_BUGS: ReadonlyArray<{ rule: string; path: RegExp; target: RegExp; bug: string }> = [];

/** One axe violation on one page, in a form that reads well in a test failure. */
export interface A11yProblem {
  url: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe (all default rules) on the page as it is now and returns the violations not excused above. */
export async function auditPage(page: Page): Promise<A11yProblem[]> {
  const url = page.url();
  const { pathname } = new URL(url);
  await settleAnimations(page);
  // Only violations are read: axe then keeps one node of each passed or inapplicable rule, not all of them.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const problems: A11yProblem[] = [];
  for (const v of results.violations) {
    const targets = v.nodes
      .map((n) => n.target.join(' '))
      .filter(
        (target) => !KNOWN_APP_A11Y_BUGS.some((k) => k.rule === v.id && k.path.test(pathname) && k.target.test(target)),
      );
    if (targets.length > 0) {
      problems.push({ url, rule: v.id, impact: v.impact ?? 'unknown', help: v.help, targets });
    }
  }
  return problems;
}

/**
 * Waits for the page's running transitions and animations (a panel fading in) to end: axe measures
 * colour contrast through the opacity of the moment, so a half-faded panel reads as low contrast.
 * Endless and paused animations (a loader's spin) are left alone.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    const running = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined));
    // A bound, so an animation that never ends cannot hang the audit (the audit then reports what it sees).
    return Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}

/** The failure message for a list of problems. */
export function describeProblems(problems: A11yProblem[]): string {
  const lines = problems.map(
    (p) => `- ${p.url}: ${p.rule} (${p.impact}) ${p.help}\n    ${p.targets.slice(0, 5).join('\n    ')}`,
  );
  return `axe found accessibility violations (STYLE.md habit 5):\n${lines.join('\n')}`;
}

/** Fails the test with axe's findings for the page as it is now, e.g. with a panel open. */
export async function expectNoA11yProblems(page: Page): Promise<void> {
  const problems = await auditPage(page);
  expect(problems, describeProblems(problems)).toEqual([]);
}

/**
 * What makes two addresses the same page for the audit: the path with its numbers left out (post and
 * page ids, years, months) and the names of its query parameters (a filter's kind, not its value).
 * The server (each worker runs several, on ports of their own) is left out too: they serve one app.
 */
export function auditedPageKind(url: string): string {
  const { pathname, searchParams } = new URL(url);
  const names = [...new Set(searchParams.keys())].sort();
  return `${pathname.replace(/\d+/g, '#')}${names.length > 0 ? `?${names.join('&')}` : ''}`;
}

/**
 * The pages audited in this run, shared by the workers through marker files in the run's folder: a
 * page (its kind, with the JavaScript setting and the viewport) is audited once per run, by the first
 * worker that sees it.
 */
export class AuditedPages {
  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  private file(key: string): string {
    return path.join(this.dir, createHash('sha1').update(key).digest('hex'));
  }

  has(key: string): boolean {
    return fs.existsSync(this.file(key));
  }

  /** Marks the page audited; true when nobody had (an exclusive create: one worker wins a race). */
  claim(key: string): boolean {
    try {
      fs.writeFileSync(this.file(key), key, { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  }
}
