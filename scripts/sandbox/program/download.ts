/**
 * The entry of the downloadable sandbox (/downloads/carrier-sandbox.mjs). The build
 * (scripts/sandbox/buildDownload.ts) replaces `__CONTRACT_BROTLI_BASE64__` with the served
 * openapi.json, brotli-compressed: the file carries the contract byte for byte (its hash is the
 * served file's) at a tenth of its size.
 */
import {brotliDecompressSync} from 'node:zlib';

import {runSandboxProgram} from './index';

declare const __CONTRACT_BROTLI_BASE64__: string;

const contractText = brotliDecompressSync(Buffer.from(__CONTRACT_BROTLI_BASE64__, 'base64')).toString('utf8');
void runSandboxProgram(contractText);
