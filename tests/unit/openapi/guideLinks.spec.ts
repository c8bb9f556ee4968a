import {mkdtempSync, mkdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';

import {findGuideSections} from '../../../contract/guideLinks';

/** A docs folder of its own, with the pages given as path → MDX source. */
function docsFolder(pages: Record<string, string>): string {
  const docs = path.join(mkdtempSync(path.join(tmpdir(), 'guide-links-')), 'docs');
  for (const [file, source] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(docs, file)), {recursive: true});
    writeFileSync(path.join(docs, file), source);
  }
  return docs;
}

const page = (title: string, heading: string, tag: string) => `---\ntitle: ${title}\n---\n\n## ${heading}\n\n${tag}\n`;

test("an operation's one <OperationSummary> is its home: /api/ links to that heading", () => {
  const sections = findGuideSections(docsFolder({'guides/pickups.mdx': page('Pickups', 'Request a pickup', '<OperationSummary operation="requestPickup" />')}));
  expect(sections.get('requestPickup')).toEqual({url: '/docs/guides/pickups#request-a-pickup', title: 'Pickups: Request a pickup'});
});

test('two pages claiming one operation fail, naming both pages and the fix', () => {
  const docs = docsFolder({
    'guides/pickups.mdx': page('Pickups', 'Request a pickup', '<OperationSummary operation="requestPickup" />'),
    'guides/quick-start.mdx': page('Quick start', 'Your first pickup', '<OperationSummary operation="requestPickup" />'),
  });
  expect(() => findGuideSections(docs)).toThrow(
    /<OperationSummary operation="requestPickup"> appears on docs\/guides\/pickups\.mdx and docs\/guides\/quick-start\.mdx\. Add home to the one that documents the call/,
  );
});

test('with two claims, the one marked home takes the link wherever it sorts; two homes fail', () => {
  const sections = findGuideSections(
    docsFolder({
      'guides/a-tour.mdx': page('A tour', 'First pickup', '<OperationSummary operation="requestPickup" />'),
      'guides/pickups.mdx': page('Pickups', 'Request a pickup', '<OperationSummary operation="requestPickup" home />'),
    }),
  );
  expect(sections.get('requestPickup')?.url).toBe('/docs/guides/pickups#request-a-pickup');
  const twoHomes = docsFolder({
    'guides/a-tour.mdx': page('A tour', 'First pickup', '<OperationSummary operation="requestPickup" home />'),
    'guides/pickups.mdx': page('Pickups', 'Request a pickup', '<OperationSummary operation="requestPickup" home />'),
  });
  expect(() => findGuideSections(twoHomes)).toThrow(/\(home\) and .*\(home\)\. Keep home on one of them only\./);
});
