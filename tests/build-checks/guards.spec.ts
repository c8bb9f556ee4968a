import {test, expect} from './siteCopy';

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

// The link guard's cases (a link to a missing page, a Markdown link to a missing file, a broken
// anchor) are read on the build beside the preview (tests/preview/live-contract.spec.ts): one build of
// one copy serves them and the preview's, where a build of a copy takes 30 to 60 s here.
