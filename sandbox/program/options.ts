/**
 * The sandbox program's command line: flags first, then their environment variables, then defaults.
 * A mistake is one line naming the flag or variable and what it takes; the caller prints it with the
 * usage and exits with status 2 (clig.dev's convention for usage errors).
 */
import {sandboxPassword} from '../engine/magicValues';
import {localSandboxPort} from '../engine/localServer';

export type SandboxOptions = {
  port: number;
  host: string;
  /** Seconds; undefined keeps the engine's default, the contract example's `expires_in`. */
  tokenTtlSeconds?: number;
  /** The JSON file that keeps every account's world across restarts; undefined keeps them in memory. */
  stateFile?: string;
  quiet: boolean;
  /** Serve the Model Context Protocol on stdin and stdout instead of HTTP (mcpServer.ts). */
  mcp: boolean;
  /** Where the go-live report is written at exit, as Markdown, with its JSON beside it (goLiveReport.ts). */
  reportFile?: string;
};

export type ParsedCommandLine =
  | {kind: 'run'; options: SandboxOptions}
  | {kind: 'help'}
  | {kind: 'version'}
  | {kind: 'mistake'; message: string};

export const defaultHost = '127.0.0.1';

const valueFlags = ['--port', '--host', '--token-ttl', '--state', '--report'] as const;
const switchFlags = ['--quiet', '--mcp', '--help', '-h', '--version', '-v'] as const;

export function usage(program: string, contractLabel: string): string {
  return [
    `Usage: ${program} [options]`,
    '',
    'The carrier API sandbox: every call of the contract on a local HTTP',
    'server, following its rules, with a world of data per account id.',
    `Contract: ${contractLabel}`,
    '',
    'Options:',
    '  --port <number>     port to listen on, 0 for any free one',
    `                      (default ${localSandboxPort}, or PORT)`,
    `  --host <address>    address to listen on (default ${defaultHost};`,
    '                      0.0.0.0 accepts calls from other machines)',
    '  --token-ttl <secs>  lifetime of the tokens it issues, in seconds',
    "                      (default: the contract example's expires_in,",
    '                      or SANDBOX_TOKEN_TTL)',
    "  --state <file>      keep every account's world in this JSON file,",
    '                      across restarts (default: in memory)',
    '  --report <file>     at exit, write the go-live report there (Markdown,',
    '                      and JSON beside it): the open questions your',
    '                      calls relied on; also GET /_sandbox/report',
    '  --quiet             no log line per request',
    '  --mcp               be an MCP server on stdin/stdout for a coding',
    '                      assistant, instead of an HTTP server',
    '  --version           print the contract version and hash, then exit',
    '  --help              print this help, then exit',
    '',
    `Get a token with any account id and the password ${sandboxPassword}:`,
    `  curl -X POST http://127.0.0.1:${localSandboxPort}/authentication/user/token \\`,
    "    -H 'Content-Type: application/json' \\",
    `    -d '{"id": "my-test-account", "pw": "${sandboxPassword}"}'`,
  ].join('\n');
}

function wholeNumber(text: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(text)) {
    return undefined;
  }
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

export function parseCommandLine(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): ParsedCommandLine {
  const given = new Map<string, string>();
  let quiet = false;
  let mcp = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    const [flag, inlineValue] = argument.startsWith('--') && argument.includes('=') ? [argument.slice(0, argument.indexOf('=')), argument.slice(argument.indexOf('=') + 1)] : [argument, undefined];
    if ((switchFlags as readonly string[]).includes(flag)) {
      if (inlineValue !== undefined) {
        return {kind: 'mistake', message: `${flag} takes no value, but was given "${inlineValue}"`};
      }
      if (flag === '--help' || flag === '-h') {
        return {kind: 'help'};
      }
      if (flag === '--version' || flag === '-v') {
        return {kind: 'version'};
      }
      if (flag === '--mcp') {
        mcp = true;
      } else {
        quiet = true;
      }
    } else if ((valueFlags as readonly string[]).includes(flag)) {
      const value = inlineValue ?? argv[++index];
      if (value === undefined || (inlineValue === undefined && value.startsWith('--'))) {
        return {kind: 'mistake', message: `${flag} needs a value`};
      }
      given.set(flag, value);
    } else if (flag.startsWith('-')) {
      return {kind: 'mistake', message: `unknown option ${flag}`};
    } else {
      return {kind: 'mistake', message: `unexpected argument "${argument}": every option starts with --`};
    }
  }

  const portText = given.get('--port') ?? env.PORT;
  const portSource = given.has('--port') ? '--port' : 'PORT';
  const port = portText === undefined ? localSandboxPort : wholeNumber(portText, 0, 65535);
  if (port === undefined) {
    return {kind: 'mistake', message: `${portSource} must be a whole number from 0 to 65535, not "${portText}"`};
  }

  const host = given.get('--host') ?? defaultHost;
  if (host.trim() === '') {
    return {kind: 'mistake', message: '--host must name an address, such as 127.0.0.1 or 0.0.0.0'};
  }

  const ttlText = given.get('--token-ttl') ?? (env.SANDBOX_TOKEN_TTL || undefined);
  const ttlSource = given.has('--token-ttl') ? '--token-ttl' : 'SANDBOX_TOKEN_TTL';
  const tokenTtlSeconds = ttlText === undefined ? undefined : wholeNumber(ttlText, 1, 31_536_000);
  if (ttlText !== undefined && tokenTtlSeconds === undefined) {
    return {kind: 'mistake', message: `${ttlSource} must be a whole number of seconds from 1 to 31536000 (a year), not "${ttlText}"`};
  }

  const stateFile = given.get('--state');
  if (stateFile !== undefined && stateFile.trim() === '') {
    return {kind: 'mistake', message: '--state must name a file'};
  }

  const reportFile = given.get('--report');
  if (reportFile !== undefined && reportFile.trim() === '') {
    return {kind: 'mistake', message: '--report must name a file'};
  }

  return {kind: 'run', options: {port, host, tokenTtlSeconds, stateFile, quiet, mcp, ...(reportFile !== undefined ? {reportFile} : {})}};
}
