import {test, expect, SiteCopy} from './siteCopy';

/**
 * The build is a test of the writers' work: each case breaks a copy of the site in one way and
 * checks that the build stops with a message naming the culprit, or only warns, as spec section 5
 * says.
 */
test.describe.configure({mode: 'parallel', timeout: 300_000});

test('malformed MDX fails the build, naming the file', ({site}) => {
  site.write('docs/Agents/intro.mdx', '---\ntitle: Intro\n---\n\nAn unclosed <div> tag.\n');
  // `npm run build` as a writer runs it: its bundle step reads each page's open questions, and so
  // meets the bad MDX first, in 6 s rather than the pages' build's 15 (idle, 2026-11-29).
  const {status, output} = site.build();
  expect(status).not.toBe(0);
  expect(output).toContain('docs/Agents/intro.mdx');
});

// Two breaks the link guard reports together share one build of one copy: a build takes 40 to 60 s
// on a loaded 2-core machine (2026-11-28), and each test still reads only its own break's lines.
test.describe.serial('a copy with a link to a missing page and a markdown link to a missing file', () => {
  let site: SiteCopy;
  let built: {status: number | null; output: string};
  test.beforeAll(() => {
    site = new SiteCopy();
    site.write('docs/Agents/intro.mdx', '---\ntitle: Intro\n---\n\nSee [the missing guide](/docs/no-such-guide).\n');
    site.write('docs/Agents/draft-link.mdx', '---\ntitle: Draft link\n---\n\nSee [a draft](./draft-not-written-yet.md).\n');
    // The links break, not the contract: the pages build on the project's bundle.
    built = site.buildPages();
  });
  test.afterAll(() => site.remove());

  test('a link to a page that does not exist fails the build with one short block at its end: file and line, page, link, and the fix', () => {
    expect(built.status).not.toBe(0);
    const block = built.output.slice(built.output.indexOf('Broken links ('));
    expect(block).toContain('docs/Agents/intro.mdx:5\n    on /docs/Agents/intro: /docs/no-such-guide — no page or file has this path');
    expect(block).toContain('Fix: point each at a page that exists');
    // The end of the output, with no stack trace after it, and no advice to turn the check off.
    expect(block.trimEnd().split('\n').length).toBeLessThan(10);
    expect(block).not.toMatch(/^\s+at /m);
    expect(built.output).not.toMatch(/onBrokenLinks|let the build pass/);
  });

  test('a markdown link to a missing file warns, and then fails as the broken link it leaves', () => {
    // Docusaurus leaves an unresolved file link as written. The markdown check only warns (spec
    // section 5), but the page then links to a URL that does not exist, which the link guard stops.
    expect(built.output).toMatch(/\[WARNING\][^\n]*Markdown link[\s\S]*draft-not-written-yet\.md[\s\S]*docs\/Agents\/draft-link\.mdx/);
    expect(built.output).toMatch(/docs\/Agents\/draft-link\.mdx:5\n    on \/docs\/Agents\/draft-link: \S*draft-not-written-yet\.md — no page or file has this path/);
    expect(built.status).not.toBe(0);
  });
});

// A broken anchor, which only warns, is checked on the build beside the preview (tests/preview/live-contract.spec.ts), with a release.
