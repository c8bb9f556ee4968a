import {readFileSync} from 'node:fs';

/** One entry of package-lock.json's `packages`, keyed by its folder (`node_modules/@scope/name`). */
export type LockedPackage = {version?: string; resolved?: string; integrity?: string; link?: boolean; name?: string; hasInstallScript?: boolean};

export const lockfile = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {packages: Record<string, LockedPackage>};

/** The package a lockfile folder holds: the part after its last `node_modules/`, scope included. */
export function packageName(folder: string): string {
  const marker = 'node_modules/';
  return folder.slice(folder.lastIndexOf(marker) + marker.length);
}
