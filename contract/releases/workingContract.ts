/** The contract as it stands in `openapi/`, bundled in memory (contract/bundle.ts): what the contract commands compare. */
import {bundleContract} from '../bundle';
import type {ContractDocument} from './releases';

export async function readWorkingContract(projectRoot: string): Promise<{document: ContractDocument; text: string}> {
  const {document, text} = await bundleContract(projectRoot);
  return {document: document as unknown as ContractDocument, text};
}

/** Runs a command's body; a thrown error prints as one message and exit status 1, never a stack. */
export function runCommand(body: () => number | void | Promise<number | void>): void {
  Promise.resolve()
    .then(body)
    .then(
      (status) => {
        process.exitCode = status ?? 0;
      },
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : String(error));
        process.exitCode = 1;
      },
    );
}
