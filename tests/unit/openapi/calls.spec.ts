import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {test, expect} from '@playwright/test';

import {isPlaceholder, provider} from '../../../src/settings/provider';
import {openApiJsonPath, publishedFile} from '../../../contract/outputs';
import {contract, operations, resolve} from './contract';
import {catalogueMessages} from './specLists';

/** Spec section 7, row by row: the calls and only these. */
const specifiedCalls = [
  'POST /authentication/user/token',
  'POST /wms/shipment/create',
  'POST /wms/receipt/create',
  'GET /wms/inventory/inquiry',
  'POST /distributionPlan/submit',
  'POST /order/pickup/request',
  'POST /order/pickup/reschedule',
  'POST /order/pickup/cancel',
  'GET /tracking/live/list',
  'GET /tracking/live/probill/details',
  'GET /tracking/live/bol/details',
  'GET /tracking/pickup',
  'POST /ltl/bol/pickup',
  'GET /ltl/bol/documents',
  'GET /ltl/bol/documents/bol',
  'GET /ltl/bol/documents/labels',
  'POST /ltl/rate/quote',
  'GET /ltl/preassigned/probill',
  'GET /agent/probill/live/list',
  'GET /agent/probill',
  'GET /agent/manifest',
  'POST /agent/manifest/arrive',
  'GET /agent/probill/dr',
  'POST /agent/probill/status',
  'POST /agent/probill/pod',
  'POST /agent/probill/appointment',
  'GET /documents/probill',
  'GET /transit/eta',
];

/** Spec section 6: the only calls without a bearer requirement. */
const publicCalls = ['POST /authentication/user/token', 'GET /documents/probill'];

const callName = ({method, path: pathName}: {method: string; path: string}) => `${method.toUpperCase()} ${pathName}`;

test('the bundle holds the 28 calls of spec section 7, and no others', () => {
  expect(specifiedCalls).toHaveLength(28);
  expect(operations().map(callName).sort()).toEqual([...specifiedCalls].sort());
});

test('paths are relative to the production and /testing bases of the provider settings', () => {
  expect(contract.servers?.map((server) => server.url)).toEqual([provider.apiServers.production, provider.apiServers.testing]);
});

test('a placeholder host or support contact says it is one, where a reader meets it in the reference', () => {
  // The specification names no host and no support contact; the settings module's neutral values
  // must not pass for the carrier's.
  const served = contract as unknown as {servers: {url: string; description?: string}[]; info: {contact?: {name?: string}}};
  expect(served.servers.length).toBe(2);
  for (const server of served.servers) {
    expect(server.description?.includes('placeholder')).toBe(isPlaceholder(server.url));
  }
  expect((served.info.contact?.name ?? '').includes('placeholder')).toBe(isPlaceholder(provider.support.email));
});

test('security follows spec section 6: a JWT bearer on every call but the token and probill documents calls', () => {
  const schemes = contract.components.securitySchemes as Record<string, {type: string; scheme: string; bearerFormat: string}>;
  expect(Object.keys(schemes)).toEqual(['bearerAuth']);
  expect(schemes.bearerAuth).toMatchObject({type: 'http', scheme: 'bearer', bearerFormat: 'JWT'});
  expect(contract.security).toEqual([{bearerAuth: []}]);
  for (const entry of operations()) {
    const effective = entry.operation.security ?? contract.security;
    const expected = publicCalls.includes(callName(entry)) ? [] : [{bearerAuth: []}];
    expect(effective, callName(entry)).toEqual(expected);
  }
});

test('every operation has a camelCase verb+noun operationId, a summary, a description and one tag', () => {
  const ids = new Set<string>();
  for (const {operation, ...entry} of operations()) {
    const where = callName(entry);
    expect(operation.operationId, where).toMatch(/^[a-z]+(?:[A-Z][a-z0-9]*)+$/);
    ids.add(operation.operationId);
    expect(String(operation.summary ?? ''), where).not.toBe('');
    expect(String(operation.description ?? '').length, where).toBeGreaterThan(40);
    expect(operation.tags, where).toHaveLength(1);
  }
  expect(ids.size).toBe(28);
});

test('every tag is described and sits in exactly one x-tagGroups group', () => {
  const tags = (contract as unknown as {tags: {name: string; description?: string}[]}).tags;
  const groups = (contract as unknown as {'x-tagGroups': {name: string; tags: string[]}[]})['x-tagGroups'];
  const grouped = groups.flatMap((group) => group.tags);
  for (const tag of tags) {
    expect(tag.description, tag.name).toBeTruthy();
    expect(grouped.filter((name) => name === tag.name), tag.name).toHaveLength(1);
  }
  const used = new Set(operations().flatMap(({operation}) => operation.tags as string[]));
  expect([...used].sort()).toEqual(tags.map((tag) => tag.name).sort());
});

test('protected calls document the 401 of a missing or expired token', () => {
  for (const entry of operations()) {
    if (!publicCalls.includes(callName(entry))) {
      expect(Object.keys(entry.operation.responses as object), callName(entry)).toContain('401');
    }
  }
});

test('the description passes Redocly lint with no error and no warning', () => {
  const cli = require.resolve('@redocly/cli/bin/cli.js');
  const root = path.resolve(__dirname, '../../..');
  const result = spawnSync(process.execPath, [cli, 'lint', publishedFile(root, openApiJsonPath), '--format', 'json'], {
    cwd: root,
    encoding: 'utf8',
    env: {...process.env, REDOCLY_TELEMETRY: 'off'},
  });
  const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as {
    totals: {errors: number; warnings: number};
    problems: {ruleId: string; message: string}[];
  };
  expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
  expect(report.totals).toMatchObject({errors: 0, warnings: 0});
});

test('the error catalogue of spec section 8 is documented with its exact messages', () => {
  const text = JSON.stringify(contract);
  for (const message of catalogueMessages) {
    expect(text, message).toContain(message);
  }
  const statuses = (call: string) => {
    const entry = operations().find((e) => callName(e) === call)!;
    return Object.keys(entry.operation.responses as object);
  };
  expect(statuses('POST /order/pickup/reschedule')).toContain('422');
  expect(statuses('POST /order/pickup/cancel')).toContain('422');
  expect(statuses('GET /transit/eta')).toContain('422');
  expect(statuses('GET /documents/probill')).toEqual(expect.arrayContaining(['400', '403', '404']));
  const badRequest = resolve<{content: {'application/json': {schema: unknown}}}>(contract, {$ref: '#/components/responses/BadRequest'});
  expect(JSON.stringify(badRequest.content['application/json'].schema)).toContain('ValidationError');
});
