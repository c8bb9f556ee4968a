/**
 * Sends a console's request to its target and reports what came back: the in-browser sandbox is
 * called directly (no network); any other target through fetch, whose failures are explained, since
 * the browser gives a script no reason when a cross-origin call is refused.
 */
import type {Sandbox} from '../sandbox/engine';
import type {OutgoingRequest} from './request';
import {baseUrlOf, type Target} from './targets';

export type Exchange =
  | {
      kind: 'answer';
      status: number;
      statusText: string;
      headers: [string, string][];
      /** The body, indented when it is JSON. */
      bodyText: string;
      /** The parsed JSON body, when it is JSON. */
      json?: unknown;
      durationMs: number;
    }
  | {kind: 'failure'; problem: string; durationMs: number};

/** The bearer token a successful token call answered with, if any. */
export function issuedToken(exchange: Exchange): string | undefined {
  if (exchange.kind !== 'answer' || exchange.status >= 300) {
    return undefined;
  }
  const token = (exchange.json as {access_token?: unknown} | undefined)?.access_token;
  return typeof token === 'string' ? token : undefined;
}

function withBody(text: string): {bodyText: string; json?: unknown} {
  try {
    const json = JSON.parse(text);
    return {bodyText: JSON.stringify(json, null, 2), json};
  } catch {
    return {bodyText: text};
  }
}

export async function send(target: Target, request: OutgoingRequest, sandbox: Sandbox | undefined): Promise<Exchange> {
  const started = performance.now();
  const baseUrl = baseUrlOf(target);
  if (baseUrl === undefined) {
    if (!sandbox) {
      throw new Error('the in-browser sandbox is not loaded');
    }
    const answer = await sandbox.handle(request);
    const bodyText = answer.body === undefined ? '' : JSON.stringify(answer.body, null, 2);
    return {
      kind: 'answer',
      status: answer.status,
      statusText: answer.statusText,
      headers: Object.entries(answer.headers),
      bodyText,
      json: answer.body,
      durationMs: performance.now() - started,
    };
  }
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      // Never the site's cookies: the token in the Authorization header is the only credential sent.
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    return {kind: 'failure', problem: unreachableExplanation(baseUrl), durationMs: performance.now() - started};
  }
  const text = await response.text();
  return {
    kind: 'answer',
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()],
    ...withBody(text),
    durationMs: performance.now() - started,
  };
}

/** The browser hides why a call failed; these are the causes it can be, most likely first. */
export function unreachableExplanation(baseUrl: string, pageOrigin = globalThis.location?.origin ?? ''): string {
  const target = new URL(baseUrl);
  const causes = [
    `the server at ${target.origin} does not allow calls from this page (CORS): its answers, including the answer to the browser's OPTIONS preflight, must carry Access-Control-Allow-Origin for ${pageOrigin || 'this site'} and allow the Authorization and Content-Type headers`,
    `the server is not running or cannot be reached from this computer`,
  ];
  if (pageOrigin.startsWith('https:') && target.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(target.hostname)) {
    causes.unshift('this page is served over https and the browser blocks calls to a plain http server (mixed content)');
  }
  return `No answer could be read from ${target.origin}. The browser does not tell a page why; the cause is one of: ${causes.map((cause, index) => `(${index + 1}) ${cause}`).join('; ')}. The local sandbox (node carrier-sandbox.mjs) allows calls from any page.`;
}
