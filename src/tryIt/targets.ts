/**
 * Where the try-it console sends a request. The in-browser sandbox is the default and makes no
 * network request; the local sandbox is the downloadable program (`node carrier-sandbox.mjs`); any other server is typed by the user.
 * The carrier's production and testing servers are never chosen for the user.
 */
import {localSandboxUrl} from '../../sandbox/engine/localServer';

export type Target = {kind: 'browser'} | {kind: 'local'} | {kind: 'custom'; baseUrl: string};

export const defaultTarget: Target = {kind: 'browser'};

export const targetLabels: Record<Target['kind'], string> = {
  browser: 'In-browser sandbox',
  local: 'Local sandbox',
  custom: 'Another server',
};

/** The base URL requests go to; undefined for the in-browser sandbox, which is no server. */
export function baseUrlOf(target: Target): string | undefined {
  if (target.kind === 'browser') {
    return undefined;
  }
  return target.kind === 'local' ? localSandboxUrl : target.baseUrl.trim().replace(/\/+$/, '');
}

/**
 * What a token belongs to. A token is only ever sent to the target it was obtained for: switching
 * target switches token, so a sandbox token never reaches a real server, and the other way round.
 */
export function tokenKey(target: Target): string {
  return target.kind === 'browser' ? 'browser' : `url:${baseUrlOf(target)}`;
}

/** Why a typed base URL cannot be used, or undefined when it can. */
export function baseUrlProblem(baseUrl: string): string | undefined {
  const trimmed = baseUrl.trim();
  if (trimmed === '') {
    return 'Type the base URL of the server, for example https://api.carrier.example/testing.';
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return `"${trimmed}" is not an absolute URL: start it with https:// or http://.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `The console sends over http or https, not ${url.protocol}`;
  }
  if (url.search || url.hash) {
    return 'The base URL takes no query string or fragment.';
  }
  return undefined;
}
