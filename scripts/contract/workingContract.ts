/** The contract as it stands in `openapi/`: the served copy the bundle step writes (`npm run openapi:bundle`). */
import {readFileSync} from 'node:fs';
import path from 'node:path';

import {openApiJsonPath} from '../openapi/outputs';
import type {ContractDocument} from './releases';

export function readWorkingContract(projectRoot: string): ContractDocument {
  const file = path.join(projectRoot, openApiJsonPath);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ContractDocument;
  } catch (error) {
    throw new Error(`${openApiJsonPath}: cannot read the bundled contract (${(error as Error).message}); run npm run openapi:bundle`);
  }
}

/** Runs a command's body; a thrown error prints as one message and exit status 1, never a stack. */
export function runCommand(body: () => number | void): void {
  try {
    process.exitCode = body() ?? 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
