/**
 * `node carrier-sandbox.mjs --mcp`: the sandbox as a Model Context Protocol server on stdin and stdout,
 * for a coding assistant beside an integrator. It works offline, from what the file carries: the
 * contract, each operation's Markdown (the pages the portal serves at /api/operations/<id>.md) and the
 * same engine and state as the HTTP server (`--state` included), so a pickup requested here is the one
 * the HTTP sandbox then tracks.
 *
 * Tools:
 * - `list_operations`: every call, with its method, path and summary;
 * - `describe_operation`: one call's contract and open questions, as Markdown;
 * - `call_sandbox`: a request to the sandbox, answered as the HTTP sandbox answers it.
 *
 * Stdout carries the protocol alone: anything else this mode says goes to stderr.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {z} from 'zod';

import type {Sandbox} from '../../../src/sandbox/engine';
import {sandboxPassword} from '../../../src/sandbox/magicValues';

type Contract = {paths: Record<string, Record<string, {operationId?: string; summary?: string; tags?: string[]}>>};

export type McpServerOptions = {
  sandbox: Sandbox;
  contract: Contract;
  /** Markdown of each operation, by operationId (scripts/llms/operationMarkdown.ts). */
  operationsMarkdown: Record<string, string>;
  /** The contract's version and hash (contractIdentity.ts). */
  version: string;
  /** Awaited after each call that may change state, with `--state`: the change is on disk before the answer. */
  afterCall?: () => Promise<void>;
};

const methods = ['get', 'post', 'put', 'patch', 'delete'];

function operationList(contract: Contract): string {
  return Object.entries(contract.paths)
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => methods.includes(method))
        .map(([method, operation]) => `- \`${operation.operationId}\`: ${method.toUpperCase()} ${path}, ${operation.summary} (${operation.tags?.join(', ')})`),
    )
    .join('\n');
}

const text = (value: string, isError = false) => ({content: [{type: 'text' as const, text: value}], ...(isError ? {isError} : {})});

export function carrierMcpServer(options: McpServerOptions): McpServer {
  const server = new McpServer({name: 'carrier-sandbox', version: options.version});

  server.registerTool(
    'list_operations',
    {
      title: 'List the carrier API operations',
      description: 'Every call of the carrier API contract: operationId, method, path, summary and area. Describe one with describe_operation.',
    },
    () => text(`# Operations of the carrier API (contract ${options.version})\n\n${operationList(options.contract)}\n`),
  );

  server.registerTool(
    'describe_operation',
    {
      title: 'Describe one operation',
      description:
        "One call of the carrier API as Markdown: what it does, its path, parameters, request fields, samples, answer, error answers, and what the carrier's specification leaves open for it (and what the portal assumes).",
      inputSchema: {operationId: z.string().describe('The operationId, for example requestPickup (see list_operations)')},
    },
    ({operationId}) => {
      const markdown = options.operationsMarkdown[operationId];
      return markdown ? text(markdown) : text(`No operation "${operationId}". The operations are:\n\n${operationList(options.contract)}\n`, true);
    },
  );

  server.registerTool(
    'call_sandbox',
    {
      title: 'Call the carrier API sandbox',
      description:
        'Sends one request to the sandbox this file carries, which follows the contract and its rules, and returns its status, headers and body. ' +
        `Get a token first: POST /authentication/user/token with {"id": "<any account id>", "pw": "${sandboxPassword}"}, then pass its access_token as token. ` +
        'Each account id has its own world of data.',
      inputSchema: {
        method: z.enum(['GET', 'POST']).describe('HTTP method'),
        path: z.string().startsWith('/').describe('Path with its query string, for example /tracking/pickup?pickupNumber=PU7731065'),
        body: z.unknown().optional().describe('JSON body of a POST'),
        token: z.string().optional().describe('Bearer token, from the token call'),
      },
    },
    async ({method, path, body, token}) => {
      const answer = await options.sandbox.handle({
        method,
        path,
        headers: {
          ...(token ? {authorization: `Bearer ${token}`} : {}),
          ...(body === undefined ? {} : {'content-type': 'application/json'}),
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      await options.afterCall?.();
      const result = {status: answer.status, statusText: answer.statusText, headers: answer.headers, body: answer.body ?? null};
      return text(JSON.stringify(result, null, 2));
    },
  );

  return server;
}

export async function serveMcp(options: McpServerOptions): Promise<void> {
  await carrierMcpServer(options).connect(new StdioServerTransport());
}
