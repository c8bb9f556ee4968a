/**
 * The released contracts, kept in `openapi/releases/`: for each version, the served description as it
 * was released (`1.0.0.json`) and its entry (`1.0.0.md`: front matter with `date` and `summary`, then
 * optional prose notes for integrators). `npm run contract:release` writes both; writers may edit the
 * notes afterwards, never the snapshot.
 *
 * Every problem names the file, so a hand-edited entry that is malformed stops the build readably.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import {parse as parseYaml} from 'yaml';

export const releasesFolder = 'openapi/releases';

export type Release = {
  readonly version: string;
  /** `YYYY-MM-DD`, the day the release was made. */
  readonly date: string;
  readonly summary: string;
  /** Markdown written by the writer; empty when there are none. */
  readonly notes: string;
  /** Absolute path of the snapshot. */
  readonly snapshotFile: string;
  readonly entryFile: string;
};

export type ContractDocument = {
  openapi: string;
  info: {version: string; [key: string]: unknown};
  paths: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
};

const frontMatterPattern = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/;

function readEntry(entryFile: string, version: string, snapshotFile: string): Release {
  const text = readFileSync(entryFile, 'utf8');
  const match = frontMatterPattern.exec(text);
  if (!match) {
    throw new Error(`${entryFile}: a release entry starts with front matter (---, date and summary, ---)`);
  }
  let fields: unknown;
  try {
    fields = parseYaml(match[1]);
  } catch (error) {
    throw new Error(`${entryFile}: its front matter is not valid YAML: ${(error as Error).message}`);
  }
  const {date, summary} = (fields ?? {}) as {date?: unknown; summary?: unknown};
  // YAML reads an unquoted 2026-11-24 as a Date: accept both spellings.
  const day = date instanceof Date ? date.toISOString().slice(0, 10) : date;
  if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day)) {
    throw new Error(`${entryFile}: \`date\` must be the release day as YYYY-MM-DD`);
  }
  if (typeof summary !== 'string' || summary.trim() === '' || summary.includes('\n')) {
    throw new Error(`${entryFile}: \`summary\` must be one line saying what the release changes`);
  }
  return {version, date: day, summary: summary.trim(), notes: match[2].trim(), snapshotFile, entryFile};
}

/** Every release, newest first. Throws, naming the file, on a snapshot without an entry or the reverse. */
export function readReleases(projectRoot: string): Release[] {
  const folder = path.join(projectRoot, releasesFolder);
  if (!existsSync(folder)) {
    return [];
  }
  const files = readdirSync(folder).filter((name) => name.endsWith('.json') || name.endsWith('.md'));
  const versions = new Set(files.map((name) => name.replace(/\.(json|md)$/, '')));
  const releases = [...versions].map((version) => {
    const snapshotFile = path.join(folder, `${version}.json`);
    const entryFile = path.join(folder, `${version}.md`);
    if (semver.valid(version) !== version) {
      throw new Error(`${path.join(folder, version)}.*: release files are named by their semver version, such as 1.2.0.json`);
    }
    if (!existsSync(snapshotFile)) {
      throw new Error(`${entryFile}: release ${version} has an entry but no snapshot (${version}.json)`);
    }
    if (!existsSync(entryFile)) {
      throw new Error(`${snapshotFile}: release ${version} has a snapshot but no entry (${version}.md)`);
    }
    return readEntry(entryFile, version, snapshotFile);
  });
  return releases.sort((a, b) => semver.rcompare(a.version, b.version));
}

export function readSnapshot(release: Release): ContractDocument {
  const document = JSON.parse(readFileSync(release.snapshotFile, 'utf8')) as ContractDocument;
  if (document.info?.version !== release.version) {
    throw new Error(`${release.snapshotFile}: its info.version is ${document.info?.version}, not ${release.version}`);
  }
  return document;
}

/** The site path where each release's description stays downloadable. */
export function releaseDownloadPath(version: string): string {
  return `/downloads/releases/${version}/openapi.json`;
}

/** Rewrites the `version:` line of the `info:` block, keeping every other byte of the file. */
export function withInfoVersion(sourceText: string, version: string): string {
  const pattern = /^(info:\n(?:(?:[ \t]+.*|)\n)*?[ \t]+version:[ \t]*)(\S.*)$/m;
  if (!pattern.test(sourceText)) {
    throw new Error(`openapi/openapi.yaml: found no info.version line to set`);
  }
  return sourceText.replace(pattern, `$1${version}`);
}
