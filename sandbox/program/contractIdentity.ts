/**
 * Which contract a sandbox carries: its `info.version` and the first 12 hex digits of the SHA-256 of
 * the served `openapi.json`, exactly as the portal serves it. Written as semver build metadata
 * (`1.0.0+sha256.5f2c0e9a1b3d`), one token a script can compare: `--version` prints it and every
 * answer carries it in the `X-Sandbox-Contract` header, so a failing test run can say which contract
 * it ran against.
 */
import {createHash} from 'node:crypto';

export const contractHeader = 'X-Sandbox-Contract';

export type ContractIdentity = {
  /** The contract's `info.version`. */
  version: string;
  /** The first 12 hex digits of the SHA-256 of the contract's text. */
  sha256: string;
  /** `<version>+sha256.<sha256>`. */
  label: string;
};

export function contractIdentity(contractText: string): ContractIdentity {
  const parsed = JSON.parse(contractText) as {info?: {version?: unknown}};
  const version = typeof parsed.info?.version === 'string' ? parsed.info.version : 'unversioned';
  const sha256 = createHash('sha256').update(contractText, 'utf8').digest('hex').slice(0, 12);
  return {version, sha256, label: `${version}+sha256.${sha256}`};
}
