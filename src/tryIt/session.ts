/**
 * One sandbox per page session, shared by every console of the page: a pickup requested in one
 * console can be rescheduled in another. The accounts' worlds, the chosen target and the tokens live
 * in sessionStorage, so a reload of the tab keeps them and closing the tab forgets them; tokens go
 * nowhere else. Browser-only: loaded with the console, never during the build.
 */
import {createSandbox, type Sandbox, type WorldStore} from '../../sandbox/engine/engine';
import type {ContractDocument} from '../../sandbox/engine/contract';
import type {World} from '../../sandbox/engine/world';
import {defaultTarget, tokenKey, type Target} from './targets';

const prefix = 'carrier-portal:try-it:';
const worldPrefix = `${prefix}world:`;
const tokenPrefix = `${prefix}token:`;
const targetKey = `${prefix}target`;

/** sessionStorage can be absent or full (private modes, quotas): the session then lives in memory. */
function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

const memory = new Map<string, string>();
function read(key: string): string | undefined {
  return storage()?.getItem(key) ?? memory.get(key);
}
function write(key: string, value: string | undefined): void {
  if (value === undefined) {
    memory.delete(key);
    storage()?.removeItem(key);
    return;
  }
  memory.set(key, value);
  try {
    storage()?.setItem(key, value);
  } catch {
    // Over quota: the value stays in memory for this page. An older copy left in sessionStorage
    // would win on read (and after a reload), so it goes.
    storage()?.removeItem(key);
  }
}

export function sessionWorldStore(): WorldStore {
  return {
    get(accountId) {
      const saved = read(`${worldPrefix}${accountId}`);
      return saved === undefined ? undefined : (JSON.parse(saved) as World);
    },
    set: (accountId, world) => write(`${worldPrefix}${accountId}`, JSON.stringify(world)),
    clear() {
      const keys = [...memory.keys(), ...Object.keys(storage() ?? {})].filter((key) => key.startsWith(worldPrefix));
      keys.forEach((key) => write(key, undefined));
    },
  };
}

// The shared state the consoles read with useSyncExternalStore: a new object on every change.
type SessionState = {
  target: Target;
  /** The last base URL typed, offered again when "Another server" is chosen again. */
  customUrl: string;
  tokens: Record<string, string>;
};
let state: SessionState | undefined;
const listeners = new Set<() => void>();

function restore(): SessionState {
  let target = defaultTarget;
  try {
    target = JSON.parse(read(targetKey) ?? 'null') ?? defaultTarget;
  } catch {
    // A damaged entry: start from the default.
  }
  const tokens: Record<string, string> = {};
  for (const key of [...memory.keys(), ...Object.keys(storage() ?? {})]) {
    if (key.startsWith(tokenPrefix)) {
      tokens[key.slice(tokenPrefix.length)] = read(key)!;
    }
  }
  return {target, customUrl: target.kind === 'custom' ? target.baseUrl : '', tokens};
}

function update(next: SessionState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export const session = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot(): SessionState {
    state ??= restore();
    return state;
  },
  setTarget(target: Target): void {
    write(targetKey, JSON.stringify(target));
    update({...session.snapshot(), target, customUrl: target.kind === 'custom' ? target.baseUrl : session.snapshot().customUrl});
  },
  setToken(target: Target, token: string): void {
    const key = tokenKey(target);
    write(`${tokenPrefix}${key}`, token === '' ? undefined : token);
    const tokens = {...session.snapshot().tokens, [key]: token};
    if (token === '') {
      delete tokens[key];
    }
    update({...session.snapshot(), tokens});
  },
  /** "Reset sandbox": every account's world is seeded again and the sandbox token is dropped. */
  resetSandbox(): void {
    sessionWorldStore().clear();
    session.setToken(defaultTarget, '');
  },
};

let sandboxLoading: Promise<Sandbox> | undefined;

/** The page's one in-browser sandbox, over the same description the site serves. */
export function browserSandbox(contractUrl: string): Promise<Sandbox> {
  sandboxLoading ??= fetch(contractUrl)
    .then((response) => {
      if (!response.ok) {
        throw new Error(`${contractUrl} answered ${response.status}`);
      }
      return response.json() as Promise<ContractDocument>;
    })
    .then((contract) => createSandbox({contract, store: sessionWorldStore(), clock: () => new Date()}));
  // A failed load is tried again by the next console that opens, not cached.
  sandboxLoading.catch(() => {
    sandboxLoading = undefined;
  });
  return sandboxLoading;
}
