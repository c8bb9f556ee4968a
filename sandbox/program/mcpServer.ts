/**
 * `node carrier-sandbox.mjs --mcp`: the sandbox as a Model Context Protocol server on stdin and stdout,
 * for a coding assistant beside an integrator. It works offline, from what the file carries: the
 * contract, each operation's Markdown (the pages the portal serves at /api/operations/<id>.md), each
 * docs page as Markdown (src/plugins/llmsTxt/guideMarkdown.ts) and the same engine and state as the HTTP
 * server (`--state` included), so a pickup requested here is the one the HTTP sandbox then tracks.
 *
 * Tools:
 * - `list_operations`: every call, with its method, path and summary;
 * - `describe_operation`: one call's contract and open questions, as Markdown;
 * - `search_guides`: the sections of the guides that best match some words, ranked (guideSearch.ts);
 * - `read_guide`: one docs page, whole, as Markdown;
 * - `call_sandbox`: a request to the sandbox, answered as the HTTP sandbox answers it;
 * - `go_live_report`: the open questions the calls so far relied on (goLiveReport.ts).
 *
 * Stdout carries the protocol alone: anything else this mode says goes to stderr.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {z} from 'zod';

import type {Sandbox} from '../engine/engine';
import {contractHeader} from './contractIdentity';
import {guidePageMarkdown, guideSearch, type GuidePage} from './guideSearch';
import {sandboxPassword} from '../engine/magicValues';

type Contract = {paths: Record<string, Record<string, {operationId?: string; summary?: string; tags?: string[]}>>};

export type McpServerOptions = {
  sandbox: Sandbox;
  contract: Contract;
  /** Markdown of each operation, by operationId (src/plugins/llmsTxt/operationMarkdown.ts). */
  operationsMarkdown: Record<string, string>;
  /** Each docs page as Markdown, in the sidebar's order. */
  guides: GuidePage[];
  /** The contract's version and hash (contractIdentity.ts). */
  version: string;
  /** Awaited after each call that may change state, with `--state`: the change is on disk before the answer. */
  afterCall?: () => Promise<void>;
  /** The go-live report so far (goLiveReport.ts). */
  report?: {markdown(): string; json(): unknown};
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

/**
 * Every tool's arguments are a strict object: an argument the tool does not know is refused with an
 * error naming it, as the schema's `additionalProperties: false` promises, rather than dropped (an
 * assistant that misspells `token` would otherwise call without one and not learn why).
 */
const strictArguments = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape).strict();

/**
 * The hints an MCP client reads before calling (the protocol's ToolAnnotations). The reading tools
 * touch nothing. `call_sandbox` changes the sandbox's own worlds (a pickup requested, then cancelled),
 * which are disposable test data, never the carrier's: not destructive in the protocol's sense, so a
 * client need not stop to confirm each call; and it reaches nothing outside this file (no open world).
 */
const readOnly = {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false} as const;
const changesSandbox = {readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false} as const;

const text = (value: string, isError = false) => ({content: [{type: 'text' as const, text: value}], ...(isError ? {isError} : {})});

export function carrierMcpServer(options: McpServerOptions): McpServer {
  const server = new McpServer({name: 'carrier-sandbox', version: options.version});

  server.registerTool(
    'list_operations',
    {
      title: 'List the carrier API operations',
      description: 'Every call of the carrier API contract: operationId, method, path, summary and area. Describe one with describe_operation.',
      inputSchema: strictArguments({}),
      annotations: readOnly,
    },
    () => text(`# Operations of the carrier API (contract ${options.version})\n\n${operationList(options.contract)}\n`),
  );

  server.registerTool(
    'describe_operation',
    {
      title: 'Describe one operation',
      description:
        "One call of the carrier API as Markdown: what it does, its path, parameters, request fields, samples, answer, error answers, and what the carrier's specification leaves open for it (and what the portal assumes).",
      inputSchema: strictArguments({operationId: z.string().describe('The operationId, for example requestPickup (see list_operations)')}),
      annotations: readOnly,
    },
    ({operationId}) => {
      const markdown = options.operationsMarkdown[operationId];
      return markdown ? text(markdown) : text(`No operation "${operationId}". The operations are:\n\n${operationList(options.contract)}\n`, true);
    },
  );

  const search = guideSearch(options.guides);
  const guideList = () => options.guides.map((page) => `- \`${page.id}\`: ${page.title}`).join('\n');
  /** A hit's section, cut at a length an assistant reads at a glance; read_guide gives the whole page. */
  const excerptLength = 1500;

  server.registerTool(
    'search_guides',
    {
      title: 'Search the portal guides',
      description:
        "Finds the sections of the portal's guides (how to use each call, errors, statuses, the sandbox, open questions) that best match some words, " +
        'best first, each with its page, heading, address and text. Read a whole page with read_guide.',
      inputSchema: strictArguments({
        query: z.string().min(1).describe('Words to look for, for example "reschedule a pickup" or "token expires"'),
        limit: z.number().int().min(1).max(20).optional().describe('How many sections to return (default 5)'),
      }),
      annotations: readOnly,
    },
    ({query, limit}) => {
      const hits = search(query, limit ?? 5);
      if (hits.length === 0) {
        return text(`No section of the guides holds any of these words: ${query}. The guides are:\n\n${guideList()}\n`);
      }
      const parts = hits.map(({page, section}, index) => {
        const address = section.anchor ? `${page.url}#${section.anchor}` : page.url;
        const body = section.markdown.length > excerptLength ? `${section.markdown.slice(0, excerptLength).trimEnd()}\n\n[…] (read_guide \`${page.id}\` for the rest)` : section.markdown.trimEnd();
        return `## ${index + 1}. ${page.title} › ${section.heading}\n\nGuide \`${page.id}\`, ${address}\n\n${body}`;
      });
      return text(`# Guide search: ${query}\n\n${parts.join('\n\n---\n\n')}\n`);
    },
  );

  server.registerTool(
    'read_guide',
    {
      title: 'Read one portal guide',
      description: 'One page of the portal (a guide, the error catalogue, the status reference, the open questions, the test environment…) as Markdown.',
      inputSchema: strictArguments({page: z.string().describe('The page id, for example guides/pickups (see search_guides, or call it with a wrong id for the list)')}),
      annotations: readOnly,
    },
    ({page}) => {
      const found = options.guides.find((candidate) => candidate.id === page);
      return found ? text(guidePageMarkdown(found)) : text(`No page "${page}". The pages are:\n\n${guideList()}\n`, true);
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
      inputSchema: strictArguments({
        method: z.enum(['GET', 'POST']).describe('HTTP method'),
        path: z.string().startsWith('/').describe('Path with its query string, for example /tracking/pickup?pickupNumber=PU7731065'),
        // An object, typed as one: with no type, a client such as the MCP Inspector sends the JSON as a string.
        body: z.record(z.string(), z.unknown()).optional().describe('JSON body of a POST, as an object, for example {"pickupNumber": "PU7731065"}'),
        token: z.string().optional().describe('Bearer token, from the token call'),
      }),
      annotations: changesSandbox,
    },
    async ({method, path, body, token}) => {
      const answer = await options.sandbox.handle({
        method,
        path,
        headers: {
          ...(token ? {authorization: `Bearer ${token}`} : {}),
          ...(body === undefined ? {} : {'content-type': 'application/json'}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      await options.afterCall?.();
      // The headers the HTTP sandbox sends with this answer, its contract's identity among them; CORS
      // headers mean nothing over stdio and are left out.
      const headers = {[contractHeader]: options.version, ...answer.headers};
      const result = {status: answer.status, statusText: answer.statusText, headers, body: answer.body ?? null};
      return text(JSON.stringify(result, null, 2));
    },
  );

  const report = options.report;
  if (report) {
    server.registerTool(
      'go_live_report',
      {
        title: 'Go-live report',
        description:
          "The open questions of the carrier's specification that the calls made so far relied on, grouped by kind and call, each linked to the portal's register: " +
          'where the specification is silent the sandbox follows the portal\'s assumption, so these are what to ask the carrier before going live. Markdown, with the same report as JSON in structuredContent.',
        inputSchema: strictArguments({}),
        annotations: readOnly,
      },
      () => ({...text(report.markdown()), structuredContent: report.json() as Record<string, unknown>}),
    );
  }

  return server;
}

export async function serveMcp(options: McpServerOptions): Promise<void> {
  await carrierMcpServer(options).connect(new StdioServerTransport());
}
