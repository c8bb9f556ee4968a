/**
 * `--state FILE`: every account's world kept in one JSON file, so a sandbox restarted between two
 * test runs (or killed in the middle of one) starts from where it was.
 *
 * - Loaded at start. A file that is not JSON or not a sandbox state file is refused with a message and
 *   left exactly as it is: never overwritten. A file written by a sandbox of another contract version
 *   loads when its worlds still fit this contract (`fits`: a release that rewords descriptions or adds
 *   a field changes nothing it holds), and is refused, naming the field, when they do not. The file's
 *   own format has its own version (`formatVersion`), which changes only when this layout does.
 * - Written after each change, atomically: the whole state goes to `FILE.<pid>.tmp`, is flushed to
 *   disk, then renamed over FILE. A rename is atomic, so a kill at any moment leaves the old file or
 *   the new one, never a torn one.
 * - Writes are grouped: while one is under way, later changes wait and the next write carries them
 *   all, so a burst of calls costs a few writes, not one each. `saved()` resolves once everything
 *   changed so far is on disk; the server awaits it before answering (httpServer.ts).
 */
import {open, rename, unlink} from 'node:fs/promises';
import {readFileSync, readdirSync, unlinkSync} from 'node:fs';
import path from 'node:path';

import type {WorldStore} from '../engine/engine';
import type {World} from '../engine/world';
import type {ContractIdentity} from './contractIdentity';

const format = 'carrier-sandbox-state';
const formatVersion = 1;

type StateDocument = {
  format: typeof format;
  formatVersion: number;
  contract: {version: string; sha256: string};
  worlds: Record<string, World>;
};

/** A state file the sandbox will not use; the message says why and what to do. */
export class StateFileError extends Error {}

export type StateFile = {
  store: WorldStore;
  /** Resolves once every change made so far is on disk; rejects when the write failed. */
  saved(): Promise<void>;
  /** How many accounts the file held at start. */
  loadedAccounts: number;
};

const worldKeys: Record<keyof World, 'object' | 'number'> = {
  probills: 'object',
  agentProbills: 'object',
  pickups: 'object',
  manifests: 'object',
  planIds: 'object',
  nextProbillNumber: 'number',
  nextPickupSequence: 'number',
  nextQuoteSequence: 'number',
};

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A sandbox killed in the middle of a write leaves its `FILE.<pid>.tmp`; the file itself is whole. */
function removeTemporaryFilesOfDeadSandboxes(file: string): void {
  const directory = path.dirname(file);
  const pattern = new RegExp(`^${path.basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(\\d+)\\.tmp$`);
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return;
  }
  for (const name of names) {
    const match = pattern.exec(name);
    if (match && !isRunning(Number(match[1]))) {
      try {
        unlinkSync(path.join(directory, name));
      } catch {
        // Another sandbox cleaned it first, or it cannot be removed: neither harms the state file.
      }
    }
  }
}

function refuse(file: string, problem: string): never {
  throw new StateFileError(`the state file ${file} ${problem}. It was left as it is: move it away, or name another file with --state.`);
}

/** The worlds of a state file's text, or a StateFileError naming what is wrong with it. */
/** Says why a world kept by another contract version cannot be used here, or undefined when it fits. */
export type WorldCheck = (world: World) => string | undefined;

function readState(file: string, text: string, contract: ContractIdentity, fits: WorldCheck): Record<string, World> {
  let document: Partial<StateDocument>;
  try {
    document = JSON.parse(text) as Partial<StateDocument>;
  } catch (error) {
    refuse(file, `is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (document === null || typeof document !== 'object' || document.format !== format) {
    refuse(file, `is not a carrier sandbox state file (it has no "format": "${format}")`);
  }
  if (document.formatVersion !== formatVersion) {
    refuse(file, `is in state format ${String(document.formatVersion)}; this sandbox reads format ${formatVersion}`);
  }
  const worlds = document.worlds;
  if (worlds === null || typeof worlds !== 'object' || Array.isArray(worlds)) {
    refuse(file, 'has no "worlds" object');
  }
  for (const [accountId, world] of Object.entries(worlds)) {
    const wrong = Object.entries(worldKeys).find(([key, type]) => world === null || typeof world !== 'object' || typeof (world as Record<string, unknown>)[key] !== type);
    if (wrong) {
      refuse(file, `has a world for account "${accountId}" without a valid "${wrong[0]}"`);
    }
    if (document.contract?.version !== contract.version) {
      const misfit = fits(world);
      if (misfit) {
        refuse(
          file,
          `holds the worlds of contract ${String(document.contract?.version)}, and account "${accountId}" has ${misfit}, a field contract ${contract.version} no longer has`,
        );
      }
    }
  }
  return worlds;
}

/**
 * Loads FILE, or creates it when it does not exist yet, so an unwritable path fails at start rather
 * than at the first call. Throws a StateFileError for a file it will not use.
 */
export async function openStateFile(file: string, contract: ContractIdentity, fits: WorldCheck = () => undefined): Promise<StateFile> {
  removeTemporaryFilesOfDeadSandboxes(file);
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new StateFileError(`the state file ${file} cannot be read: ${(error as Error).message}`);
    }
  }
  const loaded = text === undefined ? {} : readState(file, text, contract, fits);

  const worlds = new Map<string, World>(Object.entries(loaded));
  // Each account's world as last stored: the engine stores a world after every successful call, read
  // or write, so a change is a world whose JSON differs from this.
  const storedJson = new Map<string, string>([...worlds].map(([accountId, world]) => [accountId, JSON.stringify(world)]));

  let changes = 0;
  let changesOnDisk = 0;
  let writing: Promise<void> | undefined;
  let lastFailure: Error | undefined;
  const temporaryFile = `${file}.${process.pid}.tmp`;

  function stateText(): string {
    // Built from the stored JSON, not the live objects, which a call in progress may be changing.
    const entries = [...storedJson].map(([accountId, json]) => `${JSON.stringify(accountId)}:${json}`);
    const header = JSON.stringify({format, formatVersion, contract: {version: contract.version, sha256: contract.sha256}, savedAt: new Date().toISOString()});
    return `${header.slice(0, -1)},"worlds":{${entries.join(',')}}}\n`;
  }

  async function writeAtomically(contents: string): Promise<void> {
    const handle = await open(temporaryFile, 'w');
    try {
      await handle.writeFile(contents);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporaryFile, file);
  }

  /** Writes until the file holds every change; one write at a time. */
  function writeLoop(): Promise<void> {
    writing ??= (async () => {
      try {
        while (changesOnDisk < changes) {
          const included = changes;
          await writeAtomically(stateText());
          changesOnDisk = included;
          lastFailure = undefined;
        }
      } catch (error) {
        lastFailure = error instanceof Error ? error : new Error(String(error));
        await unlink(temporaryFile).catch(() => {});
      } finally {
        writing = undefined;
      }
    })();
    return writing;
  }

  const store: WorldStore = {
    get: (accountId) => worlds.get(accountId),
    set(accountId, world) {
      worlds.set(accountId, world);
      const json = JSON.stringify(world);
      if (storedJson.get(accountId) !== json) {
        storedJson.set(accountId, json);
        changes++;
      }
    },
    clear() {
      worlds.clear();
      storedJson.clear();
      changes++;
    },
  };

  async function saved(): Promise<void> {
    const wanted = changes;
    while (changesOnDisk < wanted) {
      // A write already under way may have started before this change: wait for it, then write again.
      await (writing ?? writeLoop());
      if (lastFailure && changesOnDisk < wanted) {
        throw new Error(`writing ${file}: ${lastFailure.message}`);
      }
    }
  }

  if (text === undefined) {
    changes++;
    try {
      await saved();
    } catch (error) {
      throw new StateFileError(`the state file ${file} cannot be written: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return {store, saved, loadedAccounts: worlds.size};
}
