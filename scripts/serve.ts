/**
 * `npm run serve`: serves the production build as the portal will be deployed (tests/support/staticServer.ts).
 *
 * Usage: tsx scripts/serve.ts [dir=build] [--port 3000] [--gzip]
 */
import path from 'node:path';

import {isFile, startStaticServer} from '../tests/support/staticServer';

const args = process.argv.slice(2);
const portIndex = args.indexOf('--port');
const port = portIndex >= 0 ? Number(args[portIndex + 1]) : 3000;
const directory = args.find((arg, index) => !arg.startsWith('--') && index !== portIndex + 1) ?? 'build';
if (!isFile(path.join(directory, 'index.html'))) {
  console.error(`serve: ${directory}/index.html not found; run \`npm run build\` first.`);
  process.exit(1);
}
void startStaticServer(directory, port, args.includes('--gzip')).then(() => {
  console.log(`Serving ${directory} at http://127.0.0.1:${port}/`);
});
