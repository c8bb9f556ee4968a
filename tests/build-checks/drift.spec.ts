import {readFileSync} from 'node:fs';
import path from 'node:path';

import {test, expect} from './siteCopy';

/** The guides' tables come from the contract: change the contract, and the built page changes. */
test.describe.configure({timeout: 300_000});

test('a new limit in openapi/ shows in the pickups guide after a build', ({site}) => {
  const schemaFile = 'openapi/components/schemas/PickupRequest.yaml';
  const schema = readFileSync(path.join(site.root, schemaFile), 'utf8');
  expect(schema).toMatch(/bol:\n\s+type: string\n\s+maxLength: 20/);
  site.write(schemaFile, schema.replace(/(bol:\n\s+type: string\n\s+maxLength: )20/, '$124'));
  const {status, output} = site.run('build');
  expect(status, output).toBe(0);
  const page = readFileSync(path.join(site.root, 'build/docs/guides/pickups/index.html'), 'utf8');
  // The row of `bol` in the first fields table: Field, Type, Required, Limits, Description.
  const row = page.match(/<tr><td><code>bol<\/code>([\s\S]*?)(?=<tr>|<\/tbody>|<\/table>)/)?.[1] ?? '';
  const limitsCell = row.split(/<td>/)[3]?.replace(/<[^>]+>/g, '');
  expect(limitsCell).toBe('up to 24 characters');
});
