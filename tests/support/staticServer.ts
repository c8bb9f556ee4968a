/**
 * A plain static host for the production build, as the portal will be deployed: `/a/b` serves
 * `a/b/index.html` or `a/b.html`, an unknown path serves `404.html` with status 404, and nothing is
 * rewritten to the home page. `--gzip` compresses text responses, as a real host does; the benchmark
 * measures page weight through it.
 *
 * The tests, the benchmark and `npm run serve` (scripts/serve.ts) use it.
 */
import {createReadStream, existsSync, statSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import path from 'node:path';
import {createGzip} from 'node:zlib';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  // The pages as Markdown (/docs/guides/pickups.md): shown by the browser as text, not downloaded.
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const compressible = /^(text\/|application\/(json|yaml|xml)|image\/svg)/;

export function isFile(file: string): boolean {
  return existsSync(file) && statSync(file).isFile();
}

/** The file a static host would answer `urlPath` with, or undefined for a 404. */
export function resolveFile(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const target = path.join(root, path.normalize(decoded));
  if (target !== root && !target.startsWith(root + path.sep)) {
    return undefined;
  }
  return [target, path.join(target, 'index.html'), `${target}.html`].find(isFile);
}

function send(request: IncomingMessage, response: ServerResponse, file: string, status: number, gzip: boolean): void {
  const type = contentTypes[path.extname(file)] ?? 'application/octet-stream';
  const headers: Record<string, string> = {'Content-Type': type};
  // Chunk names carry a content hash; everything else must be revalidated, as on a real host.
  headers['Cache-Control'] = file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
  const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (gzip && acceptsGzip && compressible.test(type)) {
    response.writeHead(status, {...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding'});
    createReadStream(file).pipe(createGzip()).pipe(response);
  } else {
    response.writeHead(status, {...headers, 'Content-Length': String(statSync(file).size)});
    createReadStream(file).pipe(response);
  }
}

export function startStaticServer(directory: string, port: number, gzip = false): Promise<Server> {
  const root = path.resolve(directory);
  const notFound = path.join(root, '404.html');
  const server = createServer((request, response) => {
    const urlPath = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = resolveFile(root, urlPath);
    if (file) {
      send(request, response, file, 200, gzip);
    } else if (isFile(notFound)) {
      send(request, response, notFound, 404, gzip);
    } else {
      response.writeHead(404).end('Not found');
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
