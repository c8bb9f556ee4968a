import {readFileSync} from 'node:fs';
import newman, {type NewmanRunExecution} from 'newman';
import {test, expect} from '@playwright/test';

import {openApiJsonPath, postmanCollectionPath, publishedFile} from '../../../contract/outputs';
import {pickupNumberVariable, postmanCollection, tokenVariable, type PostmanCollection} from '../../../contract/postman';
import {projectRoot} from '../../../sandbox/process';
import {useValidatedSandbox} from '../sandbox/validated';
import {localSandboxUrl} from '../../../sandbox/engine/localServer';
import {contract, exampleValue, operations} from '../openapi/contract';

/** The Postman collection download: its shape, and a newman run top to bottom against the sandbox. */
const collection = JSON.parse(readFileSync(publishedFile(projectRoot, postmanCollectionPath), 'utf8')) as PostmanCollection;
const requests = collection.item.flatMap((folder) => folder.item.map((item) => ({folder: folder.name, ...item})));
const key = (method: string, urlPath: string) => `${method.toUpperCase()} ${urlPath}`;
const operationOf = (request: (typeof requests)[number]) =>
  operations().find((entry) => key(entry.method, entry.path) === key(request.request.method, `/${request.request.url.path.join('/')}`));

test('a v2.1 collection: one folder per tag in the contract’s order, every operation once', () => {
  expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
  const tags = (contract as unknown as {tags: {name: string}[]}).tags.map((tag) => tag.name);
  expect(collection.item.map((folder) => folder.name)).toEqual(tags);
  const covered = requests.map((request) => {
    const entry = operationOf(request);
    expect(entry, request.name).toBeDefined();
    expect((entry!.operation.tags as string[])[0], request.name).toBe(request.folder);
    return entry!.operation.operationId;
  });
  expect(covered.sort()).toEqual(operations().map((entry) => entry.operation.operationId).sort());
});

test('the collection is reproducible: converted again from the same description, it is the same file, ids included', async () => {
  const document = JSON.parse(readFileSync(publishedFile(projectRoot, openApiJsonPath), 'utf8'));
  const again = await postmanCollection(document);
  expect(again).toEqual(collection);
  const ids = JSON.stringify(collection).match(/"(?:_postman_)?id":"[^"]+"/g) ?? [];
  expect(ids.length).toBeGreaterThan(28);
  expect(new Set(ids).size).toBe(ids.length);
});

test('every request body is the contract’s example', () => {
  let bodies = 0;
  for (const request of requests) {
    const {operation} = operationOf(request)!;
    const examples = (operation.requestBody as {content?: Record<string, {examples?: Record<string, {$ref: string}>}>} | undefined)?.content?.['application/json']?.examples;
    if (!examples) {
      expect(request.request.body, request.name).toBeUndefined();
      continue;
    }
    const exampleName = Object.values(examples)[0].$ref.split('/').pop()!;
    const example = exampleValue(exampleName) as Record<string, unknown>;
    // The reschedule and the cancel send the number the collection stored, in place of the example's.
    const sent = 'pickupNumber' in example && ['reschedulePickup', 'cancelPickup'].includes(operationOf(request)!.operation.operationId as string) ? {...example, pickupNumber: `{{${pickupNumberVariable}}}`} : example;
    expect(JSON.parse(request.request.body!.raw!), request.name).toEqual(sent);
    bodies++;
  }
  expect(bodies).toBeGreaterThanOrEqual(13);
});

test('baseUrl defaults to the local sandbox; the token call stores the token that every protected call sends', () => {
  expect(collection.variable).toContainEqual(expect.objectContaining({key: 'baseUrl', value: localSandboxUrl}));
  expect(collection.variable).toContainEqual(expect.objectContaining({key: tokenVariable, value: ''}));
  expect(collection.auth).toEqual({type: 'bearer', bearer: [expect.objectContaining({key: 'token', value: `{{${tokenVariable}}}`})]});
  const [first] = requests;
  expect(operationOf(first)!.operation.operationId).toBe('createUserToken');
  expect(first.event?.map((event) => event.listen)).toContain('test');
  for (const request of requests) {
    const open = (operationOf(request)!.operation.security as object[] | undefined)?.length === 0;
    expect(request.request.auth?.type === 'noauth', request.name).toBe(open);
  }
  expect(requests.filter((request) => request.request.auth?.type === 'noauth')).toHaveLength(2);
});

test('a status the carrier does not state is tested under the Portal assumption label; a body it leaves open is not tested', () => {
  const testsOf = (operationId: string) => {
    const request = requests.find((entry) => operationOf(entry)!.operation.operationId === operationId)!;
    return request.event!.flatMap((event) => event.script.exec).filter((line) => line.startsWith('pm.test('));
  };
  for (const {operation} of operations()) {
    const success = Object.entries(operation.responses as Record<string, {'x-not-stated'?: string[]}>).find(([status]) => status.startsWith('2'))![1];
    const assumed = ((operation['x-portal-choices'] as string[] | undefined)?.includes('success-status') || success['x-not-stated']?.includes('status')) ?? false;
    const [statusTest] = testsOf(operation.operationId as string).filter((line) => / answers \d{3}\b/.test(line));
    expect(statusTest.includes('(Portal assumption: the carrier does not state the status)'), operation.operationId as string).toBe(assumed);
  }
  // The pickup request's 201 is the carrier's; the cancel's 200 and its body are not.
  expect(testsOf('requestPickup')[0]).toMatch(/^pm\.test\('requestPickup answers 201', /);
  expect(testsOf('cancelPickup')).toEqual([expect.stringMatching(/^pm\.test\('cancelPickup answers 200 \(Portal assumption/)]);
  // The reschedule's answer names no field in the specification: its pickupNumber is the portal's.
  expect(testsOf('reschedulePickup')).toContainEqual(expect.stringContaining("reschedulePickup answers a pickupNumber (Portal assumption: field name)"));
  expect(testsOf('requestPickup')).toContainEqual(expect.stringMatching(/^pm\.test\('requestPickup answers a pickupNumber', /));
  // The inventory answer's field types are the portal's reading: its schema test says so.
  expect(testsOf('getInventory')).toContainEqual(expect.stringContaining("getInventory: the answer matches its schema in the contract (Portal assumptions included"));
});

test.describe('newman, top to bottom against the downloaded sandbox', () => {
  // Every request newman sends goes through Prism's validation proxy: all are meant to be valid.
  const validated = useValidatedSandbox('postman', {requestsAllValid: true, start: {args: ['--quiet']}});

  const run = (runCollection: PostmanCollection = collection) =>
    new Promise<newman.NewmanRunSummary>((resolve, reject) => {
      newman.run({collection: runCollection as never, envVar: [{key: 'baseUrl', value: validated().baseUrl}], reporters: []}, (error, result) =>
        error ? reject(error) : resolve(result),
      );
    });

  test("the schema check fails an answer that breaks the contract's schema", async () => {
    // The same collection, with a field no answer carries made required in the pickup request's check.
    const broken = JSON.parse(JSON.stringify(collection).replace(/(requestPickup: the answer matches its schema in the contract[^']*', \(\) => pm\.response\.to\.have\.jsonSchema\(\{)/, '$1\\"required\\":[\\"noSuchField\\"],')) as PostmanCollection;
    expect(JSON.stringify(broken)).toContain('noSuchField');
    const summary = await run(broken);
    expect(summary.run.failures.map((failure) => failure.error.test)).toEqual([expect.stringMatching(/^requestPickup: the answer matches its schema in the contract/)]);
  });

  test('every call answers its contract status and schema, each protected one with the token the first call stored, on two runs in a row against one sandbox', async () => {
    for (const round of ['first run', 'second run']) {
      const summary = await run();
      const executions = summary.run.executions as (NewmanRunExecution & {response: {code: number; stream: Buffer}})[];
      expect(executions, round).toHaveLength(operations().length);
      expect(summary.run.failures.map((failure) => `${round}: ${failure.source?.name}: ${failure.error.message}`)).toEqual([]);
      // Every request checks the contract's status, and its answer's schema (or that no body came)
      // unless the carrier leaves the body open (the cancel's): all passed.
      expect(summary.run.stats.assertions.total, round).toBeGreaterThanOrEqual(2 * operations().length - 1);
      expect(summary.run.stats.assertions.failed, round).toBe(0);
      const token = (JSON.parse(executions[0].response.stream.toString()) as {access_token: string}).access_token;
      expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const answers = new Map<string, unknown>();
      for (const execution of executions) {
        const name = execution.item.name;
        expect(execution.response.code, `${round}, ${name}: ${execution.response.stream.toString()}`).toBeGreaterThanOrEqual(200);
        expect(execution.response.code, name).toBeLessThan(300);
        const authorization = execution.request.headers.get('Authorization');
        const open = requests.find((request) => request.name === name)!.request.auth?.type === 'noauth';
        expect(authorization, name).toBe(open ? undefined : `Bearer ${token}`);
        const operationId = operationOf(requests.find((request) => request.name === name)!)!.operation.operationId as string;
        answers.set(operationId, execution.response.stream.length ? JSON.parse(execution.response.stream.toString()) : undefined);
        if (operationId === 'reschedulePickup' || operationId === 'cancelPickup') {
          answers.set(`${operationId} sent`, JSON.parse(execution.request.body!.toString()).pickupNumber);
        }
      }
      // The pickup number flows: the reschedule moves the pickup just requested, the cancel the rescheduled one.
      expect(answers.get('reschedulePickup sent'), round).toBe((answers.get('requestPickup') as {pickupNumber: string}).pickupNumber);
      expect(answers.get('cancelPickup sent'), round).toBe((answers.get('reschedulePickup') as {pickupNumber: string}).pickupNumber);
    }
  });
});
