import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';

/**
 * The layout the README's table describes holds: `scripts/` holds command lines that nothing imports
 * (the code they run lives in contract/, sandbox/, checks/, bench/ or tests/support/), and no source
 * file grows past 450 lines, where it has usually taken on a second job.
 */
const projectRoot = path.resolve(__dirname, '../..');
const sourceFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.js', '*.mjs', '*.cjs'], {cwd: projectRoot, encoding: 'utf8'})
  .split('\n')
  .filter(Boolean);

test('nothing imports scripts/: each file there is a command line', () => {
  const importsOfScripts = sourceFiles.flatMap((file) => {
    const text = readFileSync(path.join(projectRoot, file), 'utf8');
    return [...text.matchAll(/(?:from|import|require)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)]
      .map((match) => path.relative(projectRoot, path.resolve(projectRoot, path.dirname(file), match[1])))
      .filter((target) => target.split(path.sep)[0] === 'scripts')
      .map((target) => `${file} imports ${target}`);
  });
  expect(sourceFiles.length).toBeGreaterThan(100);
  expect(importsOfScripts).toEqual([]);
});

test('no source file is over 450 lines (tests aside): a longer one is split by what it does', () => {
  const long = sourceFiles
    .filter((file) => !file.startsWith('tests/'))
    .map((file) => ({file, lines: readFileSync(path.join(projectRoot, file), 'utf8').split('\n').length}))
    .filter(({lines}) => lines > 450)
    .map(({file, lines}) => `${file}: ${lines} lines`);
  expect(long).toEqual([]);
});
