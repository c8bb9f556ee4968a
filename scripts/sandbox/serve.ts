/**
 * `npm run sandbox`: the sandbox engine (src/sandbox/) behind a plain Node HTTP server, on
 * http://localhost:4010 or the port in PORT. Paths sit at the root, as on the carrier's servers;
 * CORS is open to any origin so the portal's console and an integrator's own page can call it.
 * One log line per request; Ctrl-C stops it cleanly.
 *
 * SANDBOX_TOKEN_TTL (seconds) shortens the life of the tokens it issues, to try expiry;
 * SANDBOX_QUIET=1 turns the request log off (the tests that read only answers use it).
 */
import {readFileSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import path from 'node:path';

import {createSandbox, maxBodyBytes, memoryStore, type Sandbox} from '../../src/sandbox/engine';
import {openApiJsonPath} from '../openapi/outputs';
import {localSandboxPort} from '../../src/sandbox/localServer';

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type',
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

export function sandboxServer(sandbox: Sandbox, log: (line: string) => void = () => {}): Server {
  return createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    const method = request.method ?? 'GET';
    let status: number;
    if (method === 'OPTIONS') {
      status = 204;
      response.writeHead(status, corsHeaders).end();
    } else {
      const answer = await sandbox.handle({
        method,
        path: request.url ?? '/',
        headers: request.headers as Record<string, string | undefined>,
        body: method === 'GET' || method === 'HEAD' ? undefined : await readBody(request),
      });
      status = answer.status;
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      response.writeHead(status, answer.statusText, {...corsHeaders, ...answer.headers, 'content-length': Buffer.byteLength(text)});
      response.end(text);
    }
    log(`${new Date().toISOString()} ${method} ${request.url} ${status} ${(performance.now() - started).toFixed(1)} ms`);
  });
}

export function loadContract(projectRoot = path.resolve(__dirname, '../..')) {
  return JSON.parse(readFileSync(path.join(projectRoot, openApiJsonPath), 'utf8'));
}

if (require.main === module) {
  const port = Number(process.env.PORT ?? localSandboxPort);
  const ttl = process.env.SANDBOX_TOKEN_TTL ? Number(process.env.SANDBOX_TOKEN_TTL) : undefined;
  if (ttl !== undefined && !(Number.isInteger(ttl) && ttl > 0)) {
    console.error(`SANDBOX_TOKEN_TTL must be a whole number of seconds above 0, not "${process.env.SANDBOX_TOKEN_TTL}"`);
    process.exit(1);
  }
  const sandbox = createSandbox({contract: loadContract(), store: memoryStore(), clock: () => new Date(), tokenLifetimeSeconds: ttl});
  const quiet = process.env.SANDBOX_QUIET === '1';
  const server = sandboxServer(sandbox, quiet ? undefined : (line) => console.log(line));
  server.listen(port, () => {
    console.log(`sandbox: listening on http://localhost:${port} (token lifetime ${ttl ?? 'from the contract'}${ttl ? ' s' : ''}); Ctrl-C to stop`);
  });
  const stop = () => {
    console.log('sandbox: stopping');
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
