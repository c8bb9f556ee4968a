/**
 * `npm run openapi:bundle [-- --target build|sandbox|preview]`: publishes the contract into a
 * command's output folder (contract/outputs.ts), `build` unless told otherwise. `npm run build` and
 * `npm start` publish by themselves (src/plugins/contract); this is for the sandbox, the tests that read
 * the downloads without a build, and a look at what the bundle writes. A problem in openapi/ prints
 * one message naming the file, and exit status 1.
 */
import path from 'node:path';

import type {OutputTarget} from '../../contract/outputs';
import {publishContract, publishedLine} from '../../src/plugins/contract/publish';

const projectRoot = path.resolve(__dirname, '../..');
const targets: readonly OutputTarget[] = ['build', 'sandbox', 'preview'];

function targetArgument(args: readonly string[]): OutputTarget {
  const index = args.indexOf('--target');
  if (index === -1) return 'build';
  const target = args[index + 1] as OutputTarget;
  if (!targets.includes(target)) {
    throw new Error(`openapi:bundle: --target is one of ${targets.join(', ')}, not ${JSON.stringify(args[index + 1] ?? '')}`);
  }
  return target;
}

publishContract(projectRoot, targetArgument(process.argv.slice(2)))
  .then((published) => console.log(publishedLine(published)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
