import AxeBuilder from '@axe-core/playwright';

import {guides, siteRoutes} from '../site';
import {test, expect, axeTags, openInMode, showEveryApiSample} from './fixtures';

/**
 * axe-core finds nothing on any route of the specification or any guide, in either colour mode, at
 * desktop and phone widths: WCAG 2.0 and 2.1 at levels A and AA (the budget), plus the WCAG 2.2 AA
 * target size and axe's best practices (heading order, landmarks), which Lighthouse's accessibility
 * score also counts. /api/ is checked after hydration, once src/theme/ApiDoc has repaired Redoc's
 * markup, and with every operation's samples shown.
 */
// `/docs` only redirects to the main doc, which is in the list itself.
const pages = siteRoutes.filter((route) => !route.landsOn).map((route) => route.path);
const paths = [...new Set([...pages, ...guides.map((guide) => guide.path), '/no/such/page'])];

for (const path of paths) {
  for (const colourMode of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      test(`${path} has no axe violations in ${colourMode} mode at ${width}px`, async ({page, expectConsoleErrors}) => {
        if (path === '/no/such/page') {
          expectConsoleErrors(/status of 404/);
        }
        if (path === '/api/') {
          // Rendering all 28 operations' samples, then axe over the whole reference, takes 1.5 to 2
          // minutes on a 2-core machine at 390px (measured 2026-11-25); a check of behaviour, not speed.
          test.setTimeout(240_000);
        } else {
          // axe over a long guide (the warehouse guide's tables) took 20 to 33 s on a 2-core machine
          // running the rest of the suite beside it (2026-11-25), past the 30 s default.
          test.slow();
        }
        await openInMode(page, path, colourMode, width);
        if (path === '/api/') {
          await showEveryApiSample(page);
        }
        const results = await new AxeBuilder({page}).withTags(axeTags).analyze();
        const problems = results.violations.flatMap((violation) =>
          violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}: ${node.failureSummary ?? ''}\n${node.html.slice(0, 300)}`),
        );
        expect(problems).toEqual([]);
      });
    }
  }
}
