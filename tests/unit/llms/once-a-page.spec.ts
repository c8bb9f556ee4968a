import path from 'node:path';
import {test, expect} from '@playwright/test';

import {Contract} from '../../../src/remark/contract/contract';
import {provider} from '../../../src/settings/provider';
import {guideMarkdownPages} from '../../../src/plugins/llmsTxt/guideMarkdown';
import {guidePageMarkdown} from '../../../sandbox/program/guideSearch';

/**
 * What is the same for every call of a page is said once a page (issue 55, item 3): the 401 with its
 * rule and the generic 400 in the page's "Errors these calls share" block, after its calls (facts
 * lead: the first screen of a guide is its first call), and a long
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
  // The agents' eight calls, each call's line pointing to the block after the last of them.
  const agents = markdownOf('guides/agents');
  expect(agents.match(/^## .+$/m)?.[0]).toBe('## List live agent probills');
  expect([...agents.matchAll(/^## (.+)$/gm)].map((heading) => heading[1]).slice(-2)).toEqual(['Errors these calls share', 'Next steps']);
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

test('a list of values the page has shown in its task section is named there by the field list, not listed a second time', () => {
  const quotes = markdownOf('guides/rate-quotes');
  // The 9 special services: once as the "Special services" section's list, then named by the field.
  expect(countOf(quotes, /`TRADE_SHOW_DELIVERY`/g)).toBe(1);
  expect(quotes).toContain('The 9 values are listed above, under "Special services".');
  // A field whose values no section lists keeps them in place, collapsed (the pickup statuses).
  expect(markdownOf('guides/pickups')).toMatch(/The 23 values\n/);
});

test('two marks side by side on one fact read as one, and an optional query parameter marks its presence', () => {
  const pages = ['guides/pickups', 'guides/agents', 'guides/tracking', 'guides/rate-quotes'].map(markdownOf);
  // The pickup request borrows the BOL's limit and reads its unit as characters: two questions, one mark.
  expect(pages[0]).toContain('`bol` string · up to 20 characters *Portal assumption: limits, type, unit*');
  for (const markdown of pages) expect(markdown).not.toMatch(/\*Portal assumption: [^*;]*\* \*Portal assumption: [^*;]*\*/);
  // An "Open" mark beside one stays apart: it says something else.
  expect(pages[2]).toContain('`limit` integer *Portal assumption: meaning, type; Open: limits, behaviour* · optional *Portal assumption: required fields*');
  expect(pages[1]).toContain('`pageSize` integer *Portal assumption: type* · 1 to 50 · optional *Portal assumption: required fields*');
});

test('an assumption inside the carrier\'s own words carries its mark there: which calls give the generic 400, what fills {phone}, base64 read from a name', () => {
  // The reschedule's 400 is the carrier's by its own messages; the generic message beside them is tied to no call.
  expect(markdownOf('guides/pickups')).toContain('`Error in processing the request` *Portal assumption: which calls, body shape*');
  expect(markdownOf('guides/eta')).toContain('Please call {phone} for more information` *Portal assumption: {phone}*');
  const documents = markdownOf('guides/documents');
  // The carrier says "document (base64)"; `contentBase64` is base64 by its name only.
  expect(documents).toContain('`documents[].contentBase64` string (base64) *Portal assumption: type, encoding*');
  expect(documents).toContain('`document` string (base64) *Open: file format*');
});
