/**
 * The entry of the downloadable sandbox (/downloads/carrier-sandbox.mjs). The build
 * (sandbox/buildDownload.ts) replaces `__CONTRACT_BROTLI_BASE64__` with the served
 * openapi.json, brotli-compressed: the file carries the contract byte for byte (its hash is the
 * served file's) at a tenth of its size.
 */
import {brotliDecompressSync} from 'node:zlib';

import {runSandboxProgram, type ProgramContents} from './index';

declare const __CONTRACT_BROTLI_BASE64__: string;
/** What else the file carries (ProgramContents: each operation's and each docs page's Markdown), as JSON, brotli-compressed the same way. */
declare const __CONTENTS_BROTLI_BASE64__: string;

const unpack = (base64: string) => brotliDecompressSync(Buffer.from(base64, 'base64')).toString('utf8');
const contractText = unpack(__CONTRACT_BROTLI_BASE64__);
void runSandboxProgram(contractText, process.argv.slice(2), JSON.parse(unpack(__CONTENTS_BROTLI_BASE64__)) as ProgramContents);
