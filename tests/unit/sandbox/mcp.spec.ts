import {readFileSync} from 'node:fs';
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {test, expect} from '@playwright/test';

import {projectRoot, sandboxFolder, startSandboxServer} from '../../../sandbox/process';
import {sandboxPassword} from '../../../sandbox/engine/magicValues';
import {exampleValue, operations} from '../openapi/contract';

/**
 * `node carrier-sandbox.mjs --mcp`: the downloaded file, copied into an empty folder, as an MCP server
 * that a client of the official SDK starts over stdio, as a coding assistant would.
 */

type CallAnswer = {status: number; headers: Record<string, string>; body: Record<string, unknown> | null};

async function connect(args: string[] = [], folder = sandboxFolder()) {
  const client = new Client({name: 'portal-test', version: '1.0.0'});
  await client.connect(new StdioClientTransport({command: process.execPath, args: [folder.program, '--mcp', ...args], cwd: folder.folder, env: {PATH: process.env.PATH ?? ''}, stderr: 'pipe'}));
  const textOf = (result: Awaited<ReturnType<typeof client.callTool>>) => (result.content as {type: string; text: string}[])[0].text;
  const call = async (method: 'GET' | 'POST', route: string, body?: unknown, token?: string): Promise<CallAnswer> =>
    JSON.parse(textOf(await client.callTool({name: 'call_sandbox', arguments: {method, path: route, ...(body === undefined ? {} : {body}), ...(token ? {token} : {})}}))) as CallAnswer;
  return {client, textOf, call, folder};
}

/** The pickup request's example in the contract, as the samples send it. */
const requestPickup = operations().find((entry) => entry.operation.operationId === 'requestPickup')!.operation as {requestBody: {content: Record<string, {examples: Record<string, {$ref: string}>}>}};
const pickupBody = exampleValue(Object.values(requestPickup.requestBody.content['application/json'].examples)[0].$ref.split('/').pop()!);

test('lists its tools, and describes requestPickup as the portal’s Markdown page does', async () => {
  const {client, textOf} = await connect();
  try {
    const {tools} = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['call_sandbox', 'describe_operation', 'go_live_report', 'list_operations', 'read_guide', 'search_guides']);
    const list = textOf(await client.callTool({name: 'list_operations', arguments: {}}));
    expect(list.match(/^- `/gm)).toHaveLength(28);
    expect(list).toContain('- `requestPickup`: POST /order/pickup/request, Request a pickup (Pickups)');
    const described = textOf(await client.callTool({name: 'describe_operation', arguments: {operationId: 'requestPickup'}}));
    expect(described).toBe(readFileSync(path.join(projectRoot, 'build/api/operations/requestPickup.md'), 'utf8'));
    const unknown = await client.callTool({name: 'describe_operation', arguments: {operationId: 'noSuchCall'}});
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('No operation "noSuchCall"');
  } finally {
    await client.close();
  }
});

test('searches the guides offline: "reschedule" finds the Pickups guide first, and reads a whole page', async () => {
  const {client, textOf} = await connect();
  try {
    const found = textOf(await client.callTool({name: 'search_guides', arguments: {query: 'reschedule'}}));
    const hits = [...found.matchAll(/^## \d+\. (.+?) › (.+)$/gm)].map((match) => ({page: match[1], section: match[2]}));
    expect(hits.length).toBeGreaterThan(1);
    expect(hits[0]).toEqual({page: 'Pickups', section: 'Reschedule a pickup'});
    expect(found).toContain('/docs/guides/pickups#reschedule-a-pickup');
    expect(found).toContain('POST /order/pickup/reschedule');
    const three = textOf(await client.callTool({name: 'search_guides', arguments: {query: 'token expires', limit: 3}}));
    expect(three.match(/^## \d+\. /gm)).toHaveLength(3);
    const nothing = textOf(await client.callTool({name: 'search_guides', arguments: {query: 'zzyzx'}}));
    expect(nothing).toContain('- `guides/pickups`: Pickups');

    const page = textOf(await client.callTool({name: 'read_guide', arguments: {page: 'guides/pickups'}}));
    const headings = (markdown: string) => [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1]);
    expect(headings(page)).toEqual(headings(readFileSync(path.join(projectRoot, 'build/docs/guides/pickups.md'), 'utf8')));
    const unknown = await client.callTool({name: 'read_guide', arguments: {page: 'guides/nothing'}});
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('- `guides/errors`: Error catalogue');
  } finally {
    await client.close();
  }
});

test('gets a token, requests a pickup and cancels it, with the statuses the HTTP sandbox gives, on state the HTTP sandbox then reads', async () => {
  const {client, call, folder} = await connect(['--state', 'sandbox-state.json']);
  let pickupNumber: string;
  try {
    const token = await call('POST', '/authentication/user/token', {id: 'mcp-account', pw: sandboxPassword});
    expect(token.status).toBe(200);
    const accessToken = String(token.body!.access_token);
    const requested = await call('POST', '/order/pickup/request', pickupBody, accessToken);
    expect(requested.status).toBe(201);
    pickupNumber = String(requested.body!.pickupNumber);
    const cancelled = await call('POST', '/order/pickup/cancel', {pickupNumber, notes: 'Not needed'}, accessToken);
    expect(cancelled.status).toBe(200);
    expect((await call('POST', '/order/pickup/cancel', {pickupNumber}, accessToken)).status).toBe(422);
    expect((await call('GET', `/tracking/pickup?pickupNumber=${pickupNumber}`)).status).toBe(401);
  } finally {
    await client.close();
  }

  // The HTTP sandbox, started on the same state file, answers the same calls with the same statuses
  // and knows the pickup the MCP server cancelled.
  const http = await startSandboxServer({folder: folder.folder, args: ['--state', 'sandbox-state.json', '--quiet']});
  try {
    const post = (route: string, body: unknown, token?: string) =>
      fetch(`${http.baseUrl}${route}`, {method: 'POST', headers: {'content-type': 'application/json', ...(token ? {authorization: `Bearer ${token}`} : {})}, body: JSON.stringify(body)});
    const tokenAnswer = await post('/authentication/user/token', {id: 'mcp-account', pw: sandboxPassword});
    expect(tokenAnswer.status).toBe(200);
    const accessToken = ((await tokenAnswer.json()) as {access_token: string}).access_token;
    const tracked = await fetch(`${http.baseUrl}/tracking/pickup?pickupNumber=${pickupNumber}`, {headers: {authorization: `Bearer ${accessToken}`}});
    expect(tracked.status).toBe(200);
    expect(await tracked.json()).toMatchObject({pickupNumber, status: 'PICKUP CANCELLED'});
    const again = await post('/order/pickup/request', pickupBody, accessToken);
    expect(again.status).toBe(201);
    const number = ((await again.json()) as {pickupNumber: string}).pickupNumber;
    expect((await post('/order/pickup/cancel', {pickupNumber: number, notes: 'Not needed'}, accessToken)).status).toBe(200);
    expect((await post('/order/pickup/cancel', {pickupNumber: number}, accessToken)).status).toBe(422);
  } finally {
    await http.stop();
  }
});

test('each tool says what it touches, types its body as an object, and refuses an argument it does not know', async () => {
  const {client, textOf} = await connect();
  try {
    const {tools} = await client.listTools();
    for (const tool of tools) {
      const reads = tool.name !== 'call_sandbox';
      expect(tool.annotations, tool.name).toMatchObject({readOnlyHint: reads, destructiveHint: false, openWorldHint: false});
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
    }
    const callSandbox = tools.find((tool) => tool.name === 'call_sandbox')!;
    expect((callSandbox.inputSchema.properties as Record<string, {type?: string}>).body.type).toBe('object');

    const misspelt = await client.callTool({name: 'call_sandbox', arguments: {method: 'GET', path: '/tracking/pickup?pickupNumber=PU7731065', tokne: 'x'}});
    expect(misspelt.isError).toBe(true);
    expect(textOf(misspelt)).toContain('tokne');
    const extra = await client.callTool({name: 'list_operations', arguments: {verbose: true}});
    expect(extra.isError).toBe(true);
    expect(textOf(extra)).toContain('verbose');
  } finally {
    await client.close();
  }
});

test("call_sandbox gives the HTTP answer's own headers, the contract's identity among them", async () => {
  const {client, call, folder} = await connect();
  let headers: Record<string, string>;
  try {
    ({headers} = (await call('POST', '/authentication/user/token', {id: 'mcp-headers', pw: sandboxPassword})) as CallAnswer & {headers: Record<string, string>});
  } finally {
    await client.close();
  }
  const http = await startSandboxServer({folder: folder.folder, args: ['--quiet']});
  try {
    const answer = await fetch(`${http.baseUrl}/authentication/user/token`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({id: 'mcp-headers', pw: sandboxPassword})});
    expect(headers['X-Sandbox-Contract']).toBe(answer.headers.get('x-sandbox-contract'));
    expect(headers['content-type']).toBe(answer.headers.get('content-type'));
    expect(Object.keys(headers).some((name) => name.toLowerCase().startsWith('access-control-')), 'no CORS over stdio').toBe(false);
  } finally {
    await http.stop();
  }
});

test('call_sandbox names what an answer relied on, and go_live_report lists it with its register link', async () => {
  const {client, textOf, call} = await connect();
  try {
    const token = (await call('POST', '/authentication/user/token', {id: 'mcp-report', pw: 's3cure-Passw0rd'})).body as {access_token: string};
    const answer = await call('POST', '/order/pickup/request', {}, token.access_token);
    expect(answer.status).toBe(201);
    expect(answer.headers['x-sandbox-assumptions']).toContain('pickuprequest');
    const report = await client.callTool({name: 'go_live_report', arguments: {}});
    expect(textOf(report)).toContain('### POST /order/pickup/request');
    expect(textOf(report)).toContain('/docs/guides/open-questions#pickuprequest');
    const questions = (report.structuredContent as {questions: {id: string; calls: Record<string, number>}[]}).questions;
    expect(questions.find((question) => question.id === 'pickuprequest')?.calls).toEqual({'POST /order/pickup/request': 1});
  } finally {
    await client.close();
  }
});
