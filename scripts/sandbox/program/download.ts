/**
 * The entry of the downloadable sandbox (/downloads/carrier-sandbox.mjs). The build
 * (scripts/sandbox/buildDownload.ts) replaces `__CONTRACT_BROTLI_BASE64__` with the served
 * openapi.json, brotli-compressed: the file carries the contract byte for byte (its hash is the
 * served file's) at a tenth of its size.
 */
import {brotliDecompressSync} from 'node:zlib';

import {runSandboxProgram} from './index';

declare const __CONTRACT_BROTLI_BASE64__: string;
/** Each operation's Markdown by operationId, as JSON, brotli-compressed the same way. */
declare const __OPERATIONS_MARKDOWN_BROTLI_BASE64__: string;

const unpack = (base64: string) => brotliDecompressSync(Buffer.from(base64, 'base64')).toString('utf8');
const contractText = unpack(__CONTRACT_BROTLI_BASE64__);
void runSandboxProgram(contractText, process.argv.slice(2), {operationsMarkdown: JSON.parse(unpack(__OPERATIONS_MARKDOWN_BROTLI_BASE64__)) as Record<string, string>});
