import path from 'node:path';
import {test, expect} from '@playwright/test';

import {Contract} from '../../../src/remark/contract/contract';
import {provider} from '../../../src/settings/provider';
import {guideMarkdownPages} from '../../../src/plugins/llmsTxt/guideMarkdown';
import {guidePageMarkdown} from '../../../sandbox/program/guideSearch';

/**
 * What is the same for every call of a page is said once a page (issue 55, item 3): the 401 with its
 * rule and the generic 400 in the page's "Errors these calls share" block, near its top, and a long
 * field description (the `result` flag's) under the first field that has it. Read on each guide as
 * rendered from its MDX, the same tree the site builds.
 */
const projectRoot = path.resolve(__dirname, '../../..');
const pages = guideMarkdownPages(Contract.load(projectRoot), provider.portalUrl).filter((page) => page.id.startsWith('guides/'));
const markdownOf = (id: string) => guidePageMarkdown(pages.find((page) => page.id === id)!);
const countOf = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].length;

test('every guide says the 401 and the generic 400 once, and each call points to them', () => {
  expect(pages.length).toBeGreaterThan(10);
  const repeated = pages.flatMap((page) => {
    const markdown = guidePageMarkdown(page);
    const unauthorized = countOf(markdown, /^\| \*\*401\*\*/gm);
    const generic = countOf(markdown, /^\| \*\*400\*\* \*Portal assumption\* \| The request could not be processed\. A validation failure lists its problems in `message`\. \| `Error in processing the request` \|$/gm);
    return unauthorized > 1 || generic > 1 ? [`${page.id}: 401 ${unauthorized} times, generic 400 ${generic} times`] : [];
  });
  expect(repeated).toEqual([]);
  // The agents' eight calls: the block near the top, then each call's line pointing to it.
  const agents = markdownOf('guides/agents');
  expect(agents.match(/^## .+$/m)?.[0]).toBe('## Errors these calls share');
  expect(countOf(agents, /Error answers: \*\*400\*\* and \*\*401\*\*, as under \[Errors these calls share\]\([^)]*#errors-these-calls-share\)\./g)).toBeGreaterThanOrEqual(6);
  // A call's own 422 stays with the call, beside the line for the shared ones.
  const pickups = markdownOf('guides/pickups');
  expect(pickups).toMatch(/\| \*\*422\*\* \| The pickup cannot be rescheduled[\s\S]*?And \*\*401\*\*, as under \[Errors these calls share\]/);
});

test("the `result` flag promises no `error` field: the answers that list one say so themselves, and the others never send the reader looking for one", () => {
  const sentence = 'Some answers carry `result` false plus an `error` string.';
  const times = (id: string) => countOf(markdownOf(id), new RegExp(sentence.replace(/[.*+?^${}()|[\]\\`]/g, '\\$&'), 'g'));
  // The pickup and agent answers list no `error` (section 3).
  expect(times('guides/pickups')).toBe(0);
  expect(times('guides/agents')).toBe(0);
  // The warehouse answer lists one, and its own field says when it comes.
  expect(markdownOf('guides/warehouse')).toMatch(/`answer\.error`: when it is present; what it holds/);
});
