/**
 * The sandbox program: `node carrier-sandbox.mjs [options]`, the file the portal serves at
 * /downloads/carrier-sandbox.mjs, and what `npm run sandbox` runs. It takes the contract's text (the
 * served openapi.json, carried inside the file), parses the command line (options.ts), loads the
 * state file if asked (stateFile.ts), and serves the engine (httpServer.ts) until Ctrl-C or SIGTERM.
 *
 * Output a script can rely on: one line on stdout containing "listening on <url>" once it accepts
 * calls; mistakes on stderr with exit status 2 (usage) or 1 (a port in use, a refused state file).
 */
import {existsSync, writeFileSync} from 'node:fs';
import type {AddressInfo} from 'node:net';

import {createSandbox, memoryStore, type WorldStore} from '../engine/engine';
import {contractIdentity} from './contractIdentity';
import {relianceTally, type ApiWideQuestion} from './goLiveReport';
import {sandboxServer} from './httpServer';
import {serveMcp} from './mcpServer';
import {parseCommandLine, usage, type SandboxOptions} from './options';
import {openStateFile, StateFileError, type StateFile} from './stateFile';
import {worldMisfit} from './worldFits';
import type {GuidePage} from './guideSearch';

const programName = 'carrier-sandbox';
/** How the help tells to run it: the file's name as the portal serves it. */
const invocation = 'node carrier-sandbox.mjs';

function fail(message: string, status: number): never {
  process.stderr.write(`${programName}: ${message}\n`);
  process.exit(status);
}

/** Why `listen` failed, in words that say what to do. */
function listenProblem(error: NodeJS.ErrnoException, options: SandboxOptions): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `port ${options.port} on ${options.host} is already in use by another program: stop it, or choose another port with --port`;
    case 'EACCES':
      return `not allowed to listen on port ${options.port} (ports below 1024 need extra rights): choose another with --port`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot listen on --host ${options.host}: no such address on this machine (try 127.0.0.1 or 0.0.0.0)`;
    default:
      return `cannot listen on ${options.host}:${options.port}: ${error.message}`;
  }
}

function urlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** What the file carries besides the contract. */
export type ProgramContents = {
  /** Markdown of each operation, by operationId, for the MCP server's describe_operation. */
  operationsMarkdown: Record<string, string>;
  /** Each docs page as Markdown, in the sidebar's order, for the MCP server's search_guides and read_guide. */
  guides: GuidePage[];
  /** The register page's address, which the go-live report links each question to. */
  registerUrl?: string;
  /** The register's questions asked across the API, which the go-live report names once. */
  apiWide?: ApiWideQuestion[];
};

/** The JSON file beside a report's Markdown: `golive.md` → `golive.json`. */
export const reportJsonFile = (markdownFile: string) => (/\.md$/i.test(markdownFile) ? markdownFile.replace(/\.md$/i, '.json') : `${markdownFile}.json`);

export async function runSandboxProgram(contractText: string, argv: readonly string[] = process.argv.slice(2), contents: ProgramContents = {operationsMarkdown: {}, guides: []}): Promise<void> {
  const identity = contractIdentity(contractText);
  const command = parseCommandLine(argv, process.env);
  if (command.kind === 'help') {
    process.stdout.write(`${usage(invocation, identity.label)}\n`);
    return;
  }
  if (command.kind === 'version') {
    process.stdout.write(`${programName} ${identity.label}\n`);
    return;
  }
  if (command.kind === 'mistake') {
    // One line naming the mistake and where the options are, as git and npm answer; the whole usage
    // after every typo buried the one line that mattered.
    process.stderr.write(`${programName}: ${command.message}\nRun \`${invocation} --help\` for the options.\n`);
    process.exit(2);
  }
  const {options} = command;

  let state: StateFile | undefined;
  if (options.stateFile !== undefined) {
    const existed = existsSync(options.stateFile);
    try {
      const contract = JSON.parse(contractText);
      state = await openStateFile(options.stateFile, identity, (world) => worldMisfit(contract, world));
    } catch (error) {
      fail(error instanceof StateFileError ? error.message : String(error), 1);
    }
    if (!options.quiet) {
      // In MCP mode stdout carries the protocol alone.
      (options.mcp ? process.stderr : process.stdout).write(`${programName}: ${existed ? `loaded ${state.loadedAccounts} account(s) from` : 'created'} ${options.stateFile}\n`);
    }
  }
  const store: WorldStore = state?.store ?? memoryStore();
  const engine = createSandbox({contract: JSON.parse(contractText), store, clock: () => new Date(), tokenLifetimeSeconds: options.tokenTtlSeconds});
  // Every answer, over HTTP or MCP, counts towards the go-live report.
  const tally = relianceTally({rows: engine.reliance.rows, apiWide: contents.apiWide ?? [], registerUrl: contents.registerUrl ?? '/docs/guides/open-questions', contract: identity.label});
  const sandbox = {
    ...engine,
    async handle(request: Parameters<typeof engine.handle>[0]) {
      const answer = await engine.handle(request);
      tally.record(answer);
      return answer;
    },
  };
  const report = {markdown: () => tally.markdown(), json: () => tally.report()};
  if (options.reportFile !== undefined) {
    const file = options.reportFile;
    // Written once, as the process ends for any reason: Ctrl-C, SIGTERM, or the MCP client closing stdin.
    process.on('exit', () => {
      try {
        writeFileSync(file, report.markdown());
        writeFileSync(reportJsonFile(file), `${JSON.stringify(report.json(), null, 2)}\n`);
        process.stderr.write(`${programName}: wrote the go-live report to ${file} and ${reportJsonFile(file)}\n`);
      } catch (error) {
        process.stderr.write(`${programName}: could not write the go-live report to ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = 1;
      }
    });
  }
  if (options.mcp) {
    await serveMcp({sandbox, contract: JSON.parse(contractText), operationsMarkdown: contents.operationsMarkdown, guides: contents.guides, version: identity.label, afterCall: state?.saved, report});
    // A signal ends the process through exit, so the report is written.
    process.on('SIGINT', () => process.exit(130));
    process.on('SIGTERM', () => process.exit(143));
    return;
  }
  const server = sandboxServer(sandbox, {
    contractLabel: identity.label,
    log: options.quiet ? undefined : (line) => process.stdout.write(`${line}\n`),
    beforeAnswer: state?.saved,
    report,
  });

  server.once('error', (error: NodeJS.ErrnoException) => fail(listenProblem(error, options), 1));
  server.listen(options.port, options.host, () => {
    const tokens = `tokens last ${sandbox.tokenLifetimeSeconds} s`;
    const where = options.stateFile === undefined ? 'state in memory' : `state in ${options.stateFile}`;
    process.stdout.write(`${programName} ${identity.label}: listening on ${urlOf(server.address() as AddressInfo)} (${tokens}; ${where}); Ctrl-C to stop\n`);
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl-C does not wait for open connections or a write in progress.
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
    stopping = true;
    process.stdout.write(`${programName}: stopping\n`);
    server.close(() => {
      void (state?.saved() ?? Promise.resolve()).then(
        () => process.exit(0),
        (error: unknown) => fail(`the last changes were not saved: ${error instanceof Error ? error.message : String(error)}`, 1),
      );
    });
    server.closeAllConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
