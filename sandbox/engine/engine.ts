/**
 * The sandbox engine: a request in, an answer out, following the contract and its rules. No server
 * framework and no Node-only API: the contract, the store of worlds and the clock are passed in, so
 * the same engine runs in the sandbox program (sandbox/program/) and inside the browser.
 *
 * Order of checks, as the carrier's NestJS-style answers suggest: route (404/405), token (401), body
 * (content type, size, JSON: 400), validation of body and query (400 listing every problem), then the
 * call's behaviour. A request that is refused at any step, or answered with an error, changes nothing:
 * every behaviour checks its rule before it changes the world (the fuzz test holds it to that), and
 * the world is stored again only after a success.
 */
import {Contract, type ContractDocument, type ParameterObject} from './contract';
import {handlerFor, type HandlerContext, type Outcome} from './behaviour';
import {checkAuthorization, issueToken} from './tokens';
import {createValidator, type Validator} from './validation';
import {relianceHeader, relianceReader, type RelianceReader} from './reliance';
import {seedWorld, type World} from './world';

export type SandboxRequest = {
  method: string;
  /** The path, optionally with its query string (`/tracking/pickup?pickupNumber=PU7731042`). */
  path: string;
  /** Query values beside (or instead of) those in `path`. */
  query?: Record<string, string>;
  /** Header names in any case. */
  headers?: Record<string, string | undefined>;
  /** The raw body text, as sent. */
  body?: string;
};

export type SandboxResponse = {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  /** The JSON body, or undefined for an answer without one. */
  body?: unknown;
  /** The call the request reached (`POST /order/pickup/request`), if it reached one. */
  call?: string;
  /** The register ids of the open questions this exchange relied on (reliance.ts), also in `X-Sandbox-Assumptions`. */
  reliedOn: string[];
};

/** Where the worlds of the accounts live: memory in Node, sessionStorage in a browser. */
export type WorldStore = {
  get(accountId: string): World | undefined;
  set(accountId: string, world: World): void;
  /** Forgets every account (the console's "Reset sandbox"). */
  clear(): void;
};

export type SandboxOptions = {
  contract: ContractDocument;
  store: WorldStore;
  clock: () => Date;
  /** Token lifetime; by default the contract's `expires_in` example (one hour). */
  tokenLifetimeSeconds?: number;
};

const utf8 = new TextEncoder();

/** The largest body accepted: room for a proof of delivery's base64 signature image. */
export const maxBodyBytes = 1024 * 1024;

export const statusTexts: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
};

/** The generic error shape of the contract (`ErrorResponse`), for answers it does not describe. */
function errorOutcome(status: number, message: string | string[]): Outcome {
  return {status, body: {statusCode: status, message, error: statusTexts[status]}};
}

export type Sandbox = {
  handle(request: SandboxRequest): Promise<SandboxResponse>;
  contract: Contract;
  /** The contract's request checks the sandbox applies; the console shows them before sending. */
  validator: Validator;
  /** Forgets every account's world. */
  reset(): void;
  /** How long the tokens it issues last, in seconds. */
  tokenLifetimeSeconds: number;
  /** The register's rows the answers name, by id. */
  reliance: RelianceReader;
};

export function createSandbox(options: SandboxOptions): Sandbox {
  const contract = new Contract(options.contract);
  const resolveParameter = (parameter: ParameterObject | {$ref: string}) => contract.resolve<ParameterObject>(parameter);
  const validator = createValidator(options.contract, resolveParameter);
  // Frozen: every account's world is a copy of it, and a call without a token reads it as it is.
  const seed = deepFreeze(seedWorld(contract));
  const exampleLifetime = contract.example<{expires_in: number}>('TokenResponseExample').expires_in;
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? exampleLifetime;
  const reliance = relianceReader(options.contract);

  // Verifying a JWT costs more than most calls; a token already verified is looked up until it expires.
  const verifiedTokens = new Map<string, {accountId: string; expiresAt: number}>();
  async function checkToken(header: string | undefined, now: Date) {
    const known = header ? verifiedTokens.get(header) : undefined;
    if (known && now.getTime() < known.expiresAt) {
      return {accountId: known.accountId};
    }
    const check = await checkAuthorization(header, now);
    if (header && 'accountId' in check) {
      if (verifiedTokens.size > 10_000) {
        verifiedTokens.clear();
      }
      verifiedTokens.set(header, {accountId: check.accountId, expiresAt: check.expiresAt});
    }
    return check;
  }

  /** The account whose world a call last changed: what a call with no token reads. */
  let lastWritten: string | undefined;

  type Answer = Outcome & {allow?: string; wwwAuthenticate?: string; call?: string; reliedOn?: string[]};
  async function answer(request: SandboxRequest): Promise<Answer> {
    const [rawPath, rawQuery = ''] = request.path.split('?', 2);
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    const route = contract.route(path);
    if (!route) {
      return errorOutcome(404, `Cannot ${request.method.toUpperCase()} ${path}`);
    }
    const entry = route.get(request.method.toLowerCase());
    if (!entry) {
      return {...errorOutcome(405, `Method ${request.method.toUpperCase()} is not allowed on ${path}`), allow: [...route.keys()].map((method) => method.toUpperCase()).join(', ')};
    }
    const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    const now = options.clock();

    let accountId: string | undefined;
    if (contract.requiresToken(entry)) {
      const check = await checkToken(headers.authorization, now);
      if ('problem' in check) {
        // No body: the contract's 401 describes none. RFC 6750 (section 3) says why in the header.
        return {status: 401, wwwAuthenticate: check.challenge};
      }
      accountId = check.accountId;
    } else if (headers.authorization) {
      // A call with no bearer requirement (the probill documents) that carries a valid token anyway
      // answers from that account's world; without one, from the starting data.
      const check = await checkToken(headers.authorization, now);
      if (!('problem' in check)) accountId = check.accountId;
    }

    let body: Record<string, unknown> = {};
    if (entry.operation.requestBody) {
      const text = request.body ?? '';
      if (utf8.encode(text).length > maxBodyBytes) {
        return errorOutcome(400, `request entity too large: the sandbox accepts bodies up to ${maxBodyBytes} bytes`);
      }
      // The contract says `requestBody.required: true`: an empty body is refused, never read as `{}`.
      const bodyRequired = contract.resolve<{required?: boolean}>(entry.operation.requestBody as never).required === true;
      if (text.trim() === '' && bodyRequired) {
        return errorOutcome(400, ['request body should not be empty: send a JSON object (Content-Type: application/json)']);
      }
      if (text.trim() !== '') {
        const contentType = headers['content-type'] ?? '';
        if (!/^application\/json\s*(;|$)/i.test(contentType)) {
          return errorOutcome(400, `Content-Type must be application/json, not ${contentType || 'missing'}`);
        }
        try {
          body = JSON.parse(text);
        } catch (error) {
          return errorOutcome(400, `Malformed JSON: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }

    // A parameter sent twice has no one value to read: refused, where a first-wins reading would
    // answer for a value the integrator may not have meant.
    const sent = [...new URLSearchParams(rawQuery)];
    const timesSent = new Map<string, number>();
    for (const [name] of sent) {
      timesSent.set(name, (timesSent.get(name) ?? 0) + 1);
    }
    const repeated = [...timesSent].filter(([, times]) => times > 1);
    if (repeated.length > 0) {
      return errorOutcome(400, repeated.map(([name, times]) => `${name} must be sent once, not ${times} times`));
    }
    const query: Record<string, unknown> = {};
    for (const [name, value] of [...sent, ...Object.entries(request.query ?? {})]) {
      // `?clientCode=` sends no value: OpenAPI's allowEmptyValue defaults to false and the contract sets
      // it nowhere, so an empty value counts as absent, and a required parameter is then missing.
      if (value === '') {
        continue;
      }
      query[name] ??= value;
    }
    // From here the call is reached: its answer names the open questions the exchange relied on.
    const call = `${entry.method.toUpperCase()} ${entry.path}`;
    const hasBody = Boolean(entry.operation.requestBody) && (request.body ?? '').trim() !== '';
    const reached = ({alsoReliedOn = [], ...outcome}: Outcome): Answer => ({
      ...outcome,
      call,
      reliedOn: [...new Set([...reliance.of({entry, query, body, hasBody, status: outcome.status, answer: outcome.body}), ...alsoReliedOn])],
    });
    const messages = [...(entry.operation.requestBody ? validator.body(entry, body) : []), ...validator.query(entry, query)];
    if (messages.length > 0) {
      return reached(errorOutcome(400, messages));
    }

    const stored = accountId === undefined ? undefined : options.store.get(accountId);
    // A call with no bearer requirement and no token names no account, where the carrier's data is
    // one: it reads the world last written (a proof of delivery just posted shows in the documents
    // the guide's sample fetches without a token), and before any write the starting data itself,
    // with no copy for every token request (a write to it would throw).
    const world = accountId === undefined ? ((lastWritten === undefined ? undefined : options.store.get(lastWritten)) ?? seed) : (stored ?? structuredClone(seed));
    const context: HandlerContext = {
      contract,
      entry,
      world,
      body,
      query,
      now,
      tokenLifetimeSeconds,
      issueToken: (id, lifetime = tokenLifetimeSeconds) => issueToken(id, now, lifetime),
    };
    const outcome = await handlerFor(entry.operation.operationId)(context);
    // A read (GET) never changes a world, so a world already stored is not stored again: for the
    // program's --state file, storing means comparing the world with what is on disk.
    const changedWorld = request.method.toUpperCase() !== 'GET' || stored === undefined;
    if (accountId !== undefined && world && outcome.status < 300 && changedWorld) {
      options.store.set(accountId, world);
      if (request.method.toUpperCase() !== 'GET') lastWritten = accountId;
    }
    return reached(outcome);
  }

  return {
    contract,
    validator,
    reset: () => {
      options.store.clear();
      lastWritten = undefined;
    },
    tokenLifetimeSeconds,
    reliance,
    async handle(request) {
      let outcome: Answer;
      try {
        outcome = await answer(request);
      } catch (error) {
        // A sandbox bug must still answer, and say so, rather than hang the caller.
        outcome = errorOutcome(500, `Sandbox error: ${error instanceof Error ? error.message : String(error)}`);
      }
      const headers: Record<string, string> = {};
      if (outcome.body !== undefined) {
        headers['content-type'] = 'application/json; charset=utf-8';
      }
      if (outcome.allow) {
        headers.allow = outcome.allow;
      }
      if (outcome.wwwAuthenticate) {
        headers['www-authenticate'] = outcome.wwwAuthenticate;
      }
      const reliedOn = outcome.reliedOn ?? [];
      if (reliedOn.length > 0) {
        headers[relianceHeader.toLowerCase()] = reliedOn.join(', ');
      }
      // A copy in plain JSON: the caller may keep it while the world changes on.
      const body = outcome.body === undefined ? undefined : JSON.parse(JSON.stringify(outcome.body));
      return {status: outcome.status, statusText: statusTexts[outcome.status] ?? '', headers, body, ...(outcome.call ? {call: outcome.call} : {}), reliedOn};
    },
  };
}

/** `value`, and everything in it, frozen. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const part of Object.values(value)) deepFreeze(part);
  }
  return value;
}

/** A store that keeps worlds in memory: the sandbox program without --state, and the tests. */
export function memoryStore(): WorldStore {
  const worlds = new Map<string, World>();
  return {
    get: (accountId) => worlds.get(accountId),
    set: (accountId, world) => void worlds.set(accountId, world),
    clear: () => worlds.clear(),
  };
}
