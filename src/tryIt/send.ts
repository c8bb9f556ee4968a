/**
 * Sends a console's request to its target and reports what came back: the in-browser sandbox is
 * called directly (no network); any other target through fetch, whose failures are explained, since
 * the browser gives a script no reason when a cross-origin call is refused. A network call can be
 * cancelled, and is given up after `answerTimeoutMs`: a server that answers its headers and then
 * trickles its body forever never leaves the console stuck on "Sending…".
 */
import type {Sandbox} from '../../sandbox/engine/engine';
import {BodyCollector, bodyOfValue, keptBodyBytes, readableSize, type AnswerBody} from './answerBody';
import type {OutgoingRequest} from './request';
import {baseUrlOf, type Target} from './targets';

/** How long the console waits for a whole answer, body included, before it stops waiting. */
export const answerTimeoutMs = 30_000;

export type Exchange =
  | {
      kind: 'answer';
      status: number;
      statusText: string;
      headers: [string, string][];
      body: AnswerBody;
      durationMs: number;
    }
  | {kind: 'failure'; problem: string; durationMs: number};

export type SendOptions = {
  /** Aborted by the console's Cancel. */
  signal?: AbortSignal;
  /** Defaults to answerTimeoutMs; the tests shorten it. */
  timeoutMs?: number;
};

/** The bearer token a successful token call answered with, if any. */
export function issuedToken(exchange: Exchange): string | undefined {
  if (exchange.kind !== 'answer' || exchange.status >= 300) {
    return undefined;
  }
  const token = (exchange.body.json as {access_token?: unknown} | undefined)?.access_token;
  return typeof token === 'string' ? token : undefined;
}

type StopReason = 'cancelled' | 'timeout';

export async function send(target: Target, request: OutgoingRequest, sandbox: Sandbox | undefined, options: SendOptions = {}): Promise<Exchange> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const baseUrl = baseUrlOf(target);
  if (baseUrl === undefined) {
    if (!sandbox) {
      throw new Error('the in-browser sandbox is not loaded');
    }
    const answer = await sandbox.handle(request);
    return {kind: 'answer', status: answer.status, statusText: answer.statusText, headers: Object.entries(answer.headers), body: bodyOfValue(answer.body), durationMs: elapsed()};
  }

  const timeoutMs = options.timeoutMs ?? answerTimeoutMs;
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort('timeout' satisfies StopReason), timeoutMs);
  const cancel = () => stop.abort('cancelled' satisfies StopReason);
  options.signal?.addEventListener('abort', cancel, {once: true});
  if (options.signal?.aborted) {
    cancel();
  }
  let response: Response | undefined;
  const body = new BodyCollector();
  try {
    response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      // Never the site's cookies: the token in the Authorization header is the only credential sent.
      credentials: 'omit',
      cache: 'no-store',
      signal: stop.signal,
    });
    const reader = response.body?.getReader();
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) {
        break;
      }
      if (body.add(chunk.value)) {
        await new Promise((resolve) => setTimeout(resolve));
      }
      if (body.bytes > keptBodyBytes) {
        await reader?.cancel();
        return {kind: 'failure', problem: `The server at ${new URL(baseUrl).origin} answered ${response.status} ${response.statusText} with a body over ${readableSize(keptBodyBytes)}; the console stopped reading it there.`, durationMs: elapsed()};
      }
    }
    return {
      kind: 'answer',
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers.entries()],
      body: await body.finish(response.headers.get('content-type')),
      durationMs: elapsed(),
    };
  } catch {
    if (stop.signal.aborted) {
      const partial = response ? {status: `${response.status} ${response.statusText}`.trim(), received: body.bytes} : undefined;
      return {kind: 'failure', problem: stoppedExplanation(stop.signal.reason as StopReason, baseUrl, elapsed(), timeoutMs, partial), durationMs: elapsed()};
    }
    return {kind: 'failure', problem: unreachableExplanation(baseUrl), durationMs: elapsed()};
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

/** Why no answer is shown after a Cancel or the timeout, and what the server may already have done. */
export function stoppedExplanation(reason: StopReason, baseUrl: string, elapsedMs: number, timeoutMs: number, partial?: {status: string; received: number}): string {
  const origin = new URL(baseUrl).origin;
  const what =
    reason === 'timeout'
      ? `No whole answer within ${formatSeconds(timeoutMs)}, so the console stopped waiting`
      : `Cancelled after ${formatSeconds(elapsedMs)}`;
  const progress = partial
    ? `the server at ${origin} had answered ${partial.status} and sent ${readableSize(partial.received)} of its body, which had not ended`
    : `the server at ${origin} had not answered`;
  return `${what}: ${progress}. The request may still have reached the server and been acted on.`;
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) || seconds >= 10 ? Math.round(seconds) : seconds.toFixed(1)} s`;
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
