import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parse} from 'yaml';
import {test, expect} from '@playwright/test';

import {stringsOf} from '../../../contract/documentStrings';
import {openApiJsonPath, openApiYamlPath, publishedFile} from '../../../contract/outputs';
import {projectRoot} from '../../../sandbox/process';
import {downloads} from '../../../src/downloads';
import {provider} from '../../../src/settings/provider';

/**
 * The served description works outside the portal: in Postman, Swagger UI or a code generator, a
 * relative URL resolves against the API server, so every link in it must be absolute.
 */
const served = {
  json: JSON.parse(readFileSync(publishedFile(projectRoot, openApiJsonPath), 'utf8')) as unknown,
  yaml: parse(readFileSync(publishedFile(projectRoot, openApiYamlPath), 'utf8')) as unknown,
};

test('the served JSON and YAML are the same description', () => {
  expect(served.yaml).toEqual(served.json);
});

test('a YAML 1.1 reader (PyYAML, older generators) reads the served YAML as the same description', () => {
  const yamlText = readFileSync(publishedFile(projectRoot, openApiYamlPath), 'utf8');
  // Unquoted, `lateTime: 12:00` reads as the number 720 and `windowDate: 2025-04-18` as a date in YAML 1.1.
  expect(yamlText).toContain('"12:00"');
  expect(parse(yamlText, {version: '1.1'})).toEqual(served.json);
});

test('every URL of the served description is absolute, and every link into the portal uses the portal URL', () => {
  const all = stringsOf(served.json);
  const urls = all.filter((entry) => entry.key === 'url');
  expect(urls.length).toBeGreaterThanOrEqual(28 + 2);
  for (const {where, text} of urls) {
    expect(text, where).toMatch(/^https:\/\//);
  }
  const markdownLinks = all
    .filter((entry) => entry.key === 'description' || entry.key === 'summary')
    .flatMap((entry) => [...entry.text.matchAll(/\]\(([^)\s]+)\)|href="([^"]+)"/g)].map((match) => ({where: entry.where, target: match[1] ?? match[2]})));
  expect(markdownLinks.length).toBeGreaterThan(0);
  for (const {where, target} of markdownLinks) {
    expect(target, where).toMatch(/^(https:\/\/|mailto:)/);
  }
  const intoPortal = [...urls.map((entry) => entry.text), ...markdownLinks.map((link) => link.target)].filter((target) => target.includes('/docs/') || target.includes('/downloads/'));
  expect(intoPortal.length).toBeGreaterThanOrEqual(28);
  for (const target of intoPortal) {
    expect(target.startsWith(`${provider.portalUrl}/`), target).toBe(true);
  }
});

test('the served description lists every download, with absolute links', () => {
  const description = (served.json as {info: {description: string}}).info.description;
  expect(description).not.toMatch(/<!-- downloads/);
  for (const download of downloads) {
    expect(description).toContain(`[${download.title}](${provider.portalUrl}${download.sitePath})`);
  }
});

test('Spectral’s OpenAPI ruleset finds no error and no warning in the served JSON and YAML', () => {
  const workDir = mkdtempSync(path.join(tmpdir(), 'spectral-'));
  const report = path.join(workDir, 'report.json');
  try {
    const result = spawnSync(
      process.execPath,
      [require.resolve('@stoplight/spectral-cli/dist/index.js'), 'lint', publishedFile(projectRoot, openApiJsonPath), publishedFile(projectRoot, openApiYamlPath), '--ruleset', '.spectral.yaml', '--format', 'json', '--output', report],
      {cwd: projectRoot, encoding: 'utf8', env: {...process.env, SCARF_ANALYTICS: 'false'}},
    );
    const problems = JSON.parse(readFileSync(report, 'utf8')) as {code: string; message: string; severity: number; source: string; path: string[]}[];
    // Severity 0 is an error and 1 a warning; information (2) and hints (3) are shown too, to be read.
    expect(problems.map((problem) => `${path.basename(problem.source)} ${problem.path.join('.')}: ${problem.code}: ${problem.message}`)).toEqual([]);
    expect(result.status, result.stderr).toBe(0);
  } finally {
    rmSync(workDir, {recursive: true, force: true});
  }
});

test('Redocly finds no error and no warning in the served YAML either', () => {
  const result = spawnSync(process.execPath, [require.resolve('@redocly/cli/bin/cli.js'), 'lint', publishedFile(projectRoot, openApiYamlPath), '--format', 'json'], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: {...process.env, REDOCLY_TELEMETRY: 'off'},
  });
  const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as {totals: {errors: number; warnings: number}; problems: {ruleId: string; message: string}[]};
  expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
  expect(report.totals).toMatchObject({errors: 0, warnings: 0});
});
