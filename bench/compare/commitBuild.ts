/**
 * A production build of one commit, made beside the working tree for the compare mode: a git worktree
 * under bench/.baselines/<commit>/ (ignored by git and by the type-check), its own install, its own
 * `npm run build`. The finished build is kept there by commit, so comparing against the same baseline
 * again costs nothing; `rm -rf bench/.baselines && git worktree prune` forgets them.
 *
 * Install: when the commit's lockfile is the working tree's, its node_modules is a hard-linked copy
 * of the working tree's (seconds, no network; the bundler's cache left out, so neither build reads
 * the other's), otherwise `npm ci`, since a commit between dependency changes needs its own.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

const git = (projectRoot: string, ...args: string[]): string => execFileSync('git', args, {cwd: projectRoot, encoding: 'utf8'}).trim();

/** The full hash of `revision`, or a message naming what git could not resolve. */
export function resolveCommit(projectRoot: string, revision: string): string {
  const result = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`], {cwd: projectRoot, encoding: 'utf8'});
  if (result.status !== 0) {
    throw new Error(`bench --compare: "${revision}" is not a commit of this repository (git rev-parse found none)`);
  }
  return result.stdout.trim();
}

/**
 * The commit a change is compared with when none is given: the one the change sits on. That is HEAD
 * while tracked files have uncommitted edits, and HEAD's parent once the change is committed.
 */
export function defaultBaseline(projectRoot: string): {commit: string; why: string} {
  const edited = git(projectRoot, 'status', '--porcelain', '--untracked-files=no') !== '';
  return edited
    ? {commit: resolveCommit(projectRoot, 'HEAD'), why: 'HEAD: the working tree has uncommitted edits'}
    : {commit: resolveCommit(projectRoot, 'HEAD~1'), why: "HEAD's parent: the working tree is clean"};
}

function run(command: string, args: string[], cwd: string, what: string): void {
  const started = performance.now();
  const result = spawnSync(command, args, {cwd, stdio: 'inherit'});
  if (result.status !== 0) {
    throw new Error(`bench --compare: ${what} failed in ${cwd} (exit ${result.status})`);
  }
  console.log(`bench --compare: ${what} took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** Builds `commit` (once) and returns its build folder. */
export function buildCommit(projectRoot: string, commit: string): string {
  const folder = path.join(projectRoot, 'bench/.baselines', commit.slice(0, 12));
  const buildFolder = path.join(folder, 'build');
  const finished = path.join(folder, '.bench-build-complete');
  if (existsSync(finished)) {
    console.log(`bench --compare: reusing the build of ${commit.slice(0, 12)} (${path.relative(projectRoot, buildFolder)})`);
    return buildFolder;
  }
  if (!existsSync(path.join(folder, '.git'))) {
    rmSync(folder, {recursive: true, force: true});
    mkdirSync(path.dirname(folder), {recursive: true});
    git(projectRoot, 'worktree', 'prune');
    git(projectRoot, 'worktree', 'add', '--detach', '--force', folder, commit);
  }
  if (!existsSync(path.join(folder, 'node_modules'))) {
    const sameLockfile = existsSync(path.join(projectRoot, 'node_modules')) && readFileSync(path.join(projectRoot, 'package-lock.json'), 'utf8') === readFileSync(path.join(folder, 'package-lock.json'), 'utf8');
    if (sameLockfile) {
      run('cp', ['-al', path.join(projectRoot, 'node_modules'), path.join(folder, 'node_modules')], projectRoot, 'linking node_modules');
      rmSync(path.join(folder, 'node_modules/.cache'), {recursive: true, force: true});
    } else {
      run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], folder, `npm ci for ${commit.slice(0, 12)}`);
    }
  }
  run('npm', ['run', 'build'], folder, `the build of ${commit.slice(0, 12)}`);
  writeFileSync(finished, `${new Date().toISOString()}\n`);
  return buildFolder;
}
