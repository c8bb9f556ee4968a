import {readFileSync} from 'node:fs';
import path from 'node:path';

import {openQuestions, registerRoute} from '../../scripts/openapi/openQuestions';
import {test, expect} from './fixtures';

/** The register as served: every open question of the contract has its row and anchor, and /api/ links only to rows that exist. */
const projectRoot = path.resolve(__dirname, '../..');
const served = readFileSync(path.join(projectRoot, 'static/openapi.json'), 'utf8');
const rows = openQuestions(JSON.parse(served));

test('the register page shows every row with its anchor, and /api/ links each marked field to one', async ({request}) => {
  const html = await (await request.get(registerRoute)).text();
  const missing = rows.filter((row) => !new RegExp(`id="?${row.id}["\\s>]`).test(html)).map((row) => row.id);
  expect(missing).toEqual([]);
  const linked = new Set([...served.matchAll(/\/docs\/guides\/open-questions#([a-z0-9-]+)/g)].map((match) => match[1]));
  expect([...linked].filter((id) => !rows.some((row) => row.id === id))).toEqual([]);
  expect(linked.size).toBeGreaterThan(100);
});
