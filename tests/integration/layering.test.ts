import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';

/**
 * The layering check of `npm run lint` (.dependency-cruiser.cjs), run on a small tree of its own:
 * each forbidden import it must refuse, and a tree that keeps the rules, which it must pass.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules/.bin/depcruise');

let dir: string;

function write(files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

/** The rules the check reports for the fixture tree, as `rule from → to`. */
function violations(): string[] {
  let out: string;
  try {
    out = execFileSync(DEPCRUISE, ['app', 'seed', '--config', CONFIG, '--output-type', 'json'], {
      cwd: dir,
      encoding: 'utf8',
    });
  } catch (error) {
    // depcruise exits non-zero when it finds errors; its JSON report is still on stdout.
    out = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(out) as {
    summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> };
  };
  return report.summary.violations.map((v) => `${v.rule.name} ${v.from} → ${v.to}`).sort();
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'layering-'));
  write({
    'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ES2022', moduleResolution: 'bundler' } }),
    'app/lib/paging.ts': 'export const perPage = 10;\n',
    'app/content/posts.ts': "import { perPage } from '../lib/paging';\nexport const posts = perPage;\n",
    'app/features/reviews/model.ts': "import { posts } from '../../content/posts';\nexport const reviews = posts;\n",
    'app/features/filters/model.ts': "import { posts } from '../../content/posts';\nexport const filters = posts;\n",
    'app/widgets/posts.ts':
      "import { filters } from '../features/filters/model';\nimport { reviews } from '../features/reviews/model';\nexport const widget = filters + reviews;\n",
    'seed/index.ts': "import { widget } from '../app/widgets/posts';\nexport const seeded = widget;\n",
  });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('a tree that keeps the layers passes', () => {
  expect(violations()).toEqual([]);
});

test('each forbidden import fails the check, named by its rule', () => {
  write({
    'app/content/search.ts': "import { reviews } from '../features/reviews/model';\nexport const search = reviews;\n",
    'app/features/filters/reviewed.ts':
      "import { reviews } from '../reviews/model';\nexport const reviewed = reviews;\n",
    'app/lib/route.ts': "import { widget } from '../widgets/posts';\nexport const route = widget;\n",
    'app/widgets/demo.ts': "import { seeded } from '../../seed/index';\nexport const demo = seeded;\n",
    'app/lib/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
    'app/lib/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    'app/db/connection.ts': "import { perPage } from '../lib/paging';\nexport const poolSize = perPage;\n",
    'app/lib/picture.ts': "import { posts } from '../content/posts';\nexport const picture = posts;\n",
    'app/staff/news/editor.ts': "import { posts } from '../../content/posts';\nexport const editor = posts;\n",
    'app/widgets/editor-link.ts': "import { editor } from '../staff/news/editor';\nexport const link = editor;\n",
    'app/features/reviews/staff.server.ts': "import { reviews } from './model';\nexport const queue = reviews;\n",
    'app/features/reviews/read.ts': "import { queue } from './staff.server';\nexport const read = queue;\n",
    'app/staff/news/route.ts': "import { route } from '../../routes/news';\nexport const back = route;\n",
    'app/routes/news.ts': 'export const route = 1;\n',
  });
  const found = violations();
  expect(found).toContain('content-imports-the-kernel-only app/content/search.ts → app/features/reviews/model.ts');
  expect(found).toContain(
    'a-feature-imports-no-other-feature app/features/filters/reviewed.ts → app/features/reviews/model.ts',
  );
  expect(found).toContain('the-kernel-stays-below app/lib/route.ts → app/widgets/posts.ts');
  expect(found).toContain('the-app-never-imports-the-seed app/widgets/demo.ts → seed/index.ts');
  expect(found).toContain('the-database-layer-is-the-ground app/db/connection.ts → app/lib/paging.ts');
  expect(found).toContain('lib-and-wire-below-content app/lib/picture.ts → app/content/posts.ts');
  expect(found).toContain('the-staff-floor-is-for-staff-routes app/widgets/editor-link.ts → app/staff/news/editor.ts');
  expect(found).toContain(
    'public-code-imports-no-staff-wing app/features/reviews/read.ts → app/features/reviews/staff.server.ts',
  );
  expect(found).toContain('staff-below-routes app/staff/news/route.ts → app/routes/news.ts');
  expect(found.filter((v) => v.startsWith('no-cycles app/lib/'))).not.toEqual([]);
});
