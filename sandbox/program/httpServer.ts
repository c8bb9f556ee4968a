/**
 * The sandbox engine (sandbox/engine/) behind a plain Node HTTP server. Paths sit at the root, as on the
 * carrier's servers; CORS is open to any origin so the portal's console and an integrator's own page
 * can call it. Every answer names the contract it follows (`X-Sandbox-Contract`).
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';

import {maxBodyBytes, type Sandbox} from '../engine/engine';
import {relianceHeader} from '../engine/reliance';
import {contractHeader} from './contractIdentity';

export type SandboxServerOptions = {
  /** One line per request; left out, nothing is logged. */
  log?: (line: string) => void;
  /** `X-Sandbox-Contract`'s value (contractIdentity.ts). */
  contractLabel?: string;
  /**
   * Awaited before each answer is sent: with `--state`, until the change the request made is on disk,
   * so an answer a test has seen survives a kill of the sandbox right after it.
   */
  beforeAnswer?: () => Promise<void>;
  /** The go-live report on demand, at `GET /_sandbox/report` (Markdown) and `/_sandbox/report.json`. */
  report?: {markdown(): string; json(): unknown};
};

/** Where the report is served: a path the contract has none under, so no call of the carrier's is hidden. */
export const reportPath = '/_sandbox/report';

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type',
  // WWW-Authenticate: a browser client reads why a 401 was refused, as RFC 6750 puts it there.
  'access-control-expose-headers': `${contractHeader}, ${relianceHeader}, WWW-Authenticate`,
  'access-control-max-age': '600',
};

/** Reads at most one byte more than the engine accepts, so an oversize body is refused, not buffered. */
function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      if (size <= maxBodyBytes) {
        chunks.push(chunk);
      }
      size += chunk.length;
    });
    request.on('end', () => resolve(Buffer.concat(chunks).subarray(0, maxBodyBytes + 1).toString('utf8')));
    request.on('error', reject);
  });
}

export function sandboxServer(sandbox: Sandbox, options: SandboxServerOptions = {}): Server {
  const identity = options.contractLabel ? {[contractHeader]: options.contractLabel} : {};
  return createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    const method = request.method ?? 'GET';
    let status: number;
    const path = (request.url ?? '/').split('?')[0];
    if (method === 'OPTIONS') {
      status = 204;
      response.writeHead(status, {...corsHeaders, ...identity}).end();
    } else if (options.report && method === 'GET' && (path === reportPath || path === `${reportPath}.json`)) {
      status = 200;
      const json = path.endsWith('.json');
      const text = json ? `${JSON.stringify(options.report.json(), null, 2)}\n` : options.report.markdown();
      response.writeHead(status, {...corsHeaders, ...identity, 'content-type': json ? 'application/json; charset=utf-8' : 'text/markdown; charset=utf-8', 'content-length': Buffer.byteLength(text)});
      response.end(text);
    } else {
      let answer = await sandbox.handle({
        method,
        path: request.url ?? '/',
        headers: request.headers as Record<string, string | undefined>,
        body: method === 'GET' || method === 'HEAD' ? undefined : await readBody(request),
      });
      try {
        await options.beforeAnswer?.();
      } catch (error) {
        const message = `Sandbox error: the change was made but could not be saved: ${error instanceof Error ? error.message : String(error)}`;
        answer = {status: 500, statusText: 'Internal Server Error', headers: {'content-type': 'application/json; charset=utf-8'}, body: {statusCode: 500, message, error: 'Internal Server Error'}, reliedOn: []};
      }
      status = answer.status;
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      response.writeHead(status, answer.statusText, {...corsHeaders, ...identity, ...answer.headers, 'content-length': Buffer.byteLength(text)});
      response.end(text);
    }
    options.log?.(`${new Date().toISOString()} ${method} ${request.url} ${status} ${(performance.now() - started).toFixed(1)} ms`);
  });
}
