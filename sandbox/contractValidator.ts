import {spawn, type ChildProcess} from 'node:child_process';
import {once} from 'node:events';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';

import {Contract} from './engine/contract';
import {openApiJsonPath, sitePathOf} from '../contract/outputs';
import {projectRoot, startSandboxServer, type RunningSandbox, type StartOptions} from './process';

/**
 * The independent check of the sandbox against the contract. Our own tests read the contract through
 * our own engine; this reads it through Stoplight Prism's validation proxy (`prism proxy`), a
 * maintained tool that shares no code with us:
 *
 *   client ──▶ recorder ──▶ prism proxy (served openapi.json) ──▶ carrier-sandbox.mjs
 *
 * Prism runs without `--errors`, so it forwards every request, an invalid one too, and reports what
 * it found in an `sl-violations` header: the sandbox's own refusals are what the client sees. The
 * recorder keeps each exchange (operation, status, violations) and takes the header off, so the
 * client gets the sandbox's answer exactly as the sandbox sent it.
 *
 * Why Prism 5.14.2 and not a response validator library: see sandbox/README.md.
 */

/** One violation as Prism reports it: where (`request.query`, `response.body`…), the keyword, the text. */
export type Violation = {location: string[]; severity: string; code?: string | number; message: string};

export type Exchange = {
  method: string;
  /** The path without its query. */
  path: string;
  /** The contract's operationId for the method and path, when it has one. */
  operationId?: string;
  status: number;
  violations: Violation[];
};

export type ValidatedSandbox = ValidatingProxy & {sandbox: RunningSandbox};

/** The contract the portal serves, which Prism reads: the built copy, next to the built sandbox file. */
export const servedContractPath = path.join(projectRoot, 'build', sitePathOf(openApiJsonPath));

const prismCli = path.join(path.dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');

async function freePort(): Promise<number> {
  const probe = http.createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const {port} = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

/** Starts `prism proxy` in front of `upstream` and resolves to its URL once it says it is listening. */
async function startPrism(upstream: string): Promise<{url: string; child: ChildProcess}> {
  if (!existsSync(servedContractPath)) {
    throw new Error(`${path.relative(projectRoot, servedContractPath)} is missing: run \`npm run build\` first`);
  }
  const port = await freePort();
  // --cors false: the sandbox's own CORS headers and preflight answers pass through untouched.
  const child = spawn(process.execPath, [prismCli, 'proxy', servedContractPath, upstream, '--port', String(port), '--host', '127.0.0.1', '--cors', 'false', '--errors', 'false'], {
    cwd: projectRoot,
    env: {PATH: process.env.PATH ?? '', SCARF_ANALYTICS: 'false', NO_COLOR: '1'},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const startLog: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      // Prism logs every exchange; only its first lines are kept, for a failed start.
      if (startLog.length < 200) {
        startLog.push(chunk.toString());
      }
      const listening = /Prism is listening on (http:\/\/\S+)/.exec(chunk.toString());
      if (listening) {
        resolve(listening[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`prism proxy exited with ${code} before listening:\n${startLog.join('')}`)));
  });
  return {url, child};
}

/** Forwards each request to Prism, keeps what Prism found, and hands back the sandbox's answer. */
function startRecorder(prismUrl: string, contract: Contract, exchanges: Exchange[]): Promise<http.Server> {
  const target = new URL(prismUrl);
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const forward = http.request(
        {host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers},
        (answer) => {
          const header = answer.headers['sl-violations'];
          delete answer.headers['sl-violations'];
          const pathOnly = (incoming.url ?? '/').split('?')[0];
          const method = incoming.method ?? 'GET';
          exchanges.push({
            method,
            path: pathOnly,
            operationId: contract.route(pathOnly)?.get(method.toLowerCase())?.operation.operationId,
            status: answer.statusCode ?? 0,
            violations: typeof header === 'string' ? (JSON.parse(header) as Violation[]) : [],
          });
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forward.on('error', (error) => {
        outgoing.writeHead(502, {'content-type': 'text/plain'});
        outgoing.end(`recorder: Prism did not answer: ${error.message}`);
      });
      forward.end(Buffer.concat(chunks));
    });
  });
  server.listen(0, '127.0.0.1');
  return once(server, 'listening').then(() => server);
}

export type ValidatingProxy = {
  /** Send requests here: they go through Prism to the upstream. */
  baseUrl: string;
  /** Every exchange so far, in the order the answers came. */
  exchanges: Exchange[];
  /** The served contract Prism reads, for building requests from its examples. */
  contract: Contract;
  stop(): Promise<void>;
};

/** Prism's validation proxy, with the recorder in front, before any server that claims the contract. */
export async function startValidatingProxy(upstream: string): Promise<ValidatingProxy> {
  const prism = await startPrism(upstream);
  const exchanges: Exchange[] = [];
  const contract = new Contract(JSON.parse(readFileSync(servedContractPath, 'utf8')));
  const recorder = await startRecorder(prism.url, contract, exchanges);
  return {
    baseUrl: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`,
    exchanges,
    contract,
    async stop() {
      recorder.closeAllConnections();
      recorder.close();
      if (prism.child.exitCode === null) {
        prism.child.kill('SIGTERM');
        await once(prism.child, 'exit');
      }
    },
  };
}

/** The downloaded sandbox file with Prism's validation proxy in front of it. */
export async function startValidatedSandbox(options: StartOptions = {}): Promise<ValidatedSandbox> {
  const sandbox = await startSandboxServer(options);
  const proxy = await startValidatingProxy(sandbox.baseUrl).catch(async (error) => {
    await sandbox.stop();
    throw error;
  });
  return {
    ...proxy,
    sandbox,
    async stop() {
      await proxy.stop();
      await sandbox.stop();
    },
  };
}

/** "requestPickup (POST /order/pickup/request) answered 201: response.body required: …" */
export function describeViolation(exchange: Exchange, violation: Violation): string {
  const operation = exchange.operationId ? `${exchange.operationId} (${exchange.method} ${exchange.path})` : `${exchange.method} ${exchange.path} (no operation)`;
  return `${operation} answered ${exchange.status}: ${violation.location.join('.')} ${violation.code ?? ''}: ${violation.message}`;
}

/** Whether Prism found the violation in the answer; any other is the request's. */
export const isResponse = (violation: Violation) => violation.location[0] === 'response';

/**
 * What the contract asks of the sandbox, as Prism reads it:
 * - no answer violates the contract (status, headers, body);
 * - every request Prism finds invalid is refused by the sandbox with a 4xx, so the sandbox accepts
 *   nothing the contract refuses. A suite whose requests are all meant to be valid (samples, the
 *   Postman collection) asks for no request violation at all.
 * Returns the problems, one line each; an empty list means the contract was kept.
 */
export function contractBreaches(exchanges: Exchange[], options: {requestsAllValid: boolean}): string[] {
  const problems: string[] = [];
  for (const exchange of exchanges) {
    for (const violation of exchange.violations.filter(isResponse)) {
      problems.push(describeViolation(exchange, violation));
    }
    const requestViolations = exchange.violations.filter((violation) => !isResponse(violation));
    if (requestViolations.length === 0) {
      continue;
    }
    if (options.requestsAllValid) {
      problems.push(...requestViolations.map((violation) => describeViolation(exchange, violation)));
    } else if (exchange.status < 400 || exchange.status >= 500) {
      problems.push(...requestViolations.map((violation) => `accepted a request the contract refuses: ${describeViolation(exchange, violation)}`));
    }
  }
  return problems;
}

/** Per-suite counts, summed at the end of a run by tests/reporters/contractValidator.ts. */
export const tallyFolder = path.join(projectRoot, 'test-results', 'contract-validator');

export type Tally = {suite: string; requests: number; requestViolations: number; responseViolations: number};

export function recordTally(suite: string, exchanges: Exchange[]): Tally {
  const tally: Tally = {
    suite,
    requests: exchanges.length,
    requestViolations: exchanges.filter((exchange) => exchange.violations.some((violation) => !isResponse(violation))).length,
    responseViolations: exchanges.filter((exchange) => exchange.violations.some(isResponse)).length,
  };
  mkdirSync(tallyFolder, {recursive: true});
  writeFileSync(path.join(tallyFolder, `${suite.replace(/[^a-z0-9-]+/gi, '-')}.json`), JSON.stringify(tally));
  return tally;
}
