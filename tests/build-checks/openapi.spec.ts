import {readFileSync} from 'node:fs';
import path from 'node:path';

import {openApiJsonPath, postmanCollectionPath, publishedFile} from '../../contract/outputs';
import {provider} from '../../src/settings/provider';
import {test, expect} from './siteCopy';

/** The bundle step on a broken or re-branded copy of the source: it names the culprit, loses nothing. */
test.describe.configure({mode: 'parallel', timeout: 120_000});

test('a YAML syntax error in a schema file stops the bundle, naming the file', ({site}) => {
  site.write('openapi/components/schemas/PickupWindow.yaml', 'type: object\nproperties:\n  windowDate: [unclosed\n');
  const {status, output} = site.run('openapi:bundle');
  expect(status).not.toBe(0);
  expect(output).toContain('openapi/components/schemas/PickupWindow.yaml');
});

test('a $ref to a file that does not exist stops the bundle, naming both files', ({site}) => {
  const pathFile = 'openapi/paths/order_pickup_cancel.yaml';
  const source = readFileSync(path.join(site.root, pathFile), 'utf8');
  site.write(pathFile, source.replace('CancelPickupRequest.yaml', 'CancelPickupRequst.yaml'));
  const {status, output} = site.run('openapi:bundle');
  expect(status).not.toBe(0);
  expect(output).toContain('CancelPickupRequst.yaml');
  expect(output).toContain('order_pickup_cancel.yaml');
});

test('changing the provider settings re-brands the published description', ({site}) => {
  const settings = 'src/settings/provider.ts';
  const source = readFileSync(path.join(site.root, settings), 'utf8');
  site.write(
    settings,
    source
      .replace(`name: '${provider.name}'`, "name: 'Acme Freight'")
      .replace("'https://api.carrier.example'", "'https://api.acme-freight.example'")
      .replace(`'${provider.portalUrl}'`, "'https://developer.acme-freight.example'"),
  );
  const {status, output} = site.run('openapi:bundle');
  expect(status, output).toBe(0);
  const document = JSON.parse(readFileSync(publishedFile(site.root, openApiJsonPath), 'utf8'));
  expect(document.info.title).toBe('Acme Freight APIs');
  expect(document.servers.map((server: {url: string}) => server.url)).toEqual([
    'https://api.acme-freight.example',
    'https://api.acme-freight.example/testing',
  ]);
  const samples = JSON.stringify(document.paths['/order/pickup/request'].post['x-codeSamples']);
  // Samples read their base URL from the environment (the sandbox by default), never a host of the settings.
  expect(samples).toContain('${CARRIER_BASE_URL:-http://localhost:4010}/order/pickup/request');
  expect(samples).not.toContain('carrier.example');
  // Links into the portal follow its URL, in the description and in the Postman collection.
  expect(document.paths['/order/pickup/request'].post.externalDocs.url).toMatch(/^https:\/\/developer\.acme-freight\.example\/docs\/guides\/pickups#/);
  expect(document.info.description).toContain('](https://developer.acme-freight.example/downloads/carrier-api.postman_collection.json)');
  const collection = readFileSync(publishedFile(site.root, postmanCollectionPath), 'utf8');
  expect(collection).toContain('Acme Freight APIs');
  expect(collection).not.toContain('developer.carrier.example');
  expect(collection).not.toContain('api.carrier.example');
});
