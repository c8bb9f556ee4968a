import {readFileSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {openApiJsonPath, openApiYamlPath, publishedFile} from '../../contract/outputs';
import {atomProblems, rssProblems} from './feeds';
import {test, expect, editFile, lastRelease, schemaFile, SiteCopy} from './siteCopy';

/**
 * What a writer meets when the contract changes, on a copy of the site: `npm run contract:check`
 * (which `npm test` runs) refuses a breaking edit nobody released, naming it; lets a non-breaking one
 * through; and the release command refuses a version that is not higher, a documentation-only
 * release and a contract that fails its own checks. That a release reaches the Changelog page and
 * both feeds is checked on the writer's session of tests/preview, which builds beside the preview.
 */
test.describe.configure({mode: 'parallel', timeout: 300_000});


/** The served description's two files as text: a refused release puts them back as they were. */
const servedContract = (site: SiteCopy) => [openApiJsonPath, openApiYamlPath].map((file) => readFileSync(publishedFile(site.root, file), 'utf8'));


// Each pattern finds its change among the lines under its operation: the copies below make several
// edits at once, and a check lists an operation's changes together, under its heading (`(?: .*\n)*?`).
const breakingEdits: Array<{name: string; file: string; edit: (text: string) => string; names: RegExp}> = [
  {
    name: 'removing a response field',
    file: schemaFile('PickupResponse'),
    edit: (text) => text.replace(/\n {2}pickupNumber:\n(?: {4}.*\n)+/, '\n'),
    names: /POST \/order\/pickup\/request \(requestPickup\)\n(?: .*\n)*?\s+BREAKING\s+Removed property `pickupNumber` in Response 201[^\n]*\n\s+in openapi\/[^\n]+\n\s+at \$\.paths\['\/order\/pickup\/request'\]\.post\.responses\['201'\][^\n]*\.properties\.pickupNumber\n\s+breaks: /,
  },
  {
    name: 'tightening a maxLength',
    file: schemaFile('PickupRequest'),
    edit: (text) => text.replace(/(\n {2}bol:\n {4}type: string\n {4}maxLength: )20/, '$110'),
    names: /BREAKING\s+Replaced maxLength validator of `bol` in Request Body[^\n]*: 20 → 10\n\s+in openapi\/[^\n]+\n\s+at \$\.paths\['\/order\/pickup\/request'\]\.post\.requestBody[^\n]*\.properties\.bol\.maxLength/,
  },
  {
    name: 'removing an enum value',
    file: schemaFile('AgentStatusEvent'),
    edit: (text) => text.replace(/\n {2}- OUT_FOR_DELIVERY/, ''),
    names: /POST \/agent\/probill\/status \(updateAgentProbillStatus\)\n(?: .*\n)*?\s+BREAKING\s+[^\n]*`status`[^\n]*removes "OUT_FOR_DELIVERY"\n\s+in openapi\/[^\n]+\n\s+at \$\.paths\['\/agent\/probill\/status'\]\.post\.requestBody/,
  },
  {
    name: 'making a field required',
    file: schemaFile('TokenRequest'),
    edit: (text) => text.replace(/\nproperties:\n/, '\nrequired: [id]\nproperties:\n'),
    names: /POST \/authentication\/user\/token \(createUserToken\)\n(?: .*\n)*?\s+BREAKING\s+Added required status to `id` in Request Body[^\n]*\n\s+in openapi\/[^\n]+\n\s+at \$\.paths\['\/authentication\/user\/token'\]\.post\.requestBody\.content\['application\/json'\]\.schema\.required\[0\]/,
  },
];

// The four breaking edits touch four files and share one copy and one check, which names each of them:
// a contract check is 4 s on an idle machine, and twice that under the suite's load.
test.describe.serial('a copy with four breaking edits, checked once', () => {
  let site: SiteCopy;
  let check: {status: number | null; output: string};
  test.beforeAll(() => {
    site = new SiteCopy();
    for (const {file, edit} of breakingEdits) editFile(site, file, edit);
    check = site.run('contract:check');
  });
  test.afterAll(() => site.remove());

  for (const {name, names, file} of breakingEdits) {
    test(`${name} fails the contract check, naming the change, the file to open and how to release it`, () => {
      expect(check.status, check.output).toBe(1);
      expect(check.output).toContain(`in ${file}\n`);
      expect(check.output).toContain(`has ${breakingEdits.length} breaking changes against release ${lastRelease()}, and no release declares them`);
      expect(check.output).toMatch(names);
      const nextMajor = `${Number(lastRelease().split('.')[0]) + 1}.0.0`;
      expect(check.output).toContain(`npm run contract:release -- ${nextMajor} "`);
    });
  }
});

const nonBreakingEdits: Array<{name: string; file: string; edit: (text: string) => string; diff: RegExp}> = [
  {
    name: 'adding an optional field',
    file: schemaFile('PickupResponse'),
    edit: (text) => `${text.trimEnd()}\n  dockNote:\n    type: string\n    description: Where the driver should go.\n`,
    diff: /POST \/order\/pickup\/request \(requestPickup\)\n(?: .*\n)*?\s+non-breaking\s+Added property `dockNote` in Response 201/,
  },
  {
    name: 'adding an operation',
    file: 'openapi/openapi.yaml',
    edit: (text) => text.replace(/\npaths:\n/, "\npaths:\n  /order/pickup/notes:\n    get:\n      operationId: listPickupNotes\n      tags: [Pickups]\n      summary: List pickup notes\n      responses:\n        '200':\n          description: The notes.\n"),
    diff: /GET \/order\/pickup\/notes \(listPickupNotes\)\n\s+non-breaking\s+/,
  },
  {
    name: 'rewording a description',
    file: schemaFile('PickupResponse'),
    edit: (text) => text.replace('description: The created pickup.', 'description: The pickup the carrier created.'),
    diff: /POST \/order\/pickup\/request \(requestPickup\)\n(?: .*\n)*?\s+wording\s+Replaced annotation \(description\)/,
  },
];

// Likewise the three edits that break nothing: one copy, one check that lets them through, the diff
// as it prints by default and with its wording edits listed.
test.describe.serial('a copy with three edits that break nothing, checked once', () => {
  let site: SiteCopy;
  let check: {status: number | null; output: string};
  let shown: {status: number | null; output: string};
  let withWording: {status: number | null; output: string};
  test.beforeAll(() => {
    site = new SiteCopy();
    for (const {file, edit} of nonBreakingEdits) editFile(site, file, edit);
    check = site.run('contract:check');
    shown = site.run('contract:diff');
    withWording = site.run('contract:diff', '--wording');
  });
  test.afterAll(() => site.remove());

  test('contract:diff leads with the API changes and folds the wording edits into one count', () => {
    expect(shown.output).toMatch(/Compatible changes \(\d+\):[\s\S]*Wording edits: \d+ to descriptions, examples, samples or x- markers[^\n]*--wording/);
    expect(shown.output).not.toContain('Replaced annotation (description)');
  });

  for (const {name, diff} of nonBreakingEdits) {
    test(`${name} passes the contract check, and contract:diff shows it`, () => {
      expect(check.status, check.output).toBe(0);
      expect(check.output).toMatch(/0 breaking, \d+ non-breaking, \d+ wording-only change\(s\) since it/);
      expect(shown.status, shown.output).toBe(0);
      expect(shown.output).toContain(`against release ${lastRelease()}`);
      // The API changes lead; the wording edits are one count, listed with --wording.
      expect(name === 'rewording a description' ? withWording.output : shown.output).toMatch(diff);
    });
  }
});

test('contract:diff takes --against and refuses a release that does not exist', ({site}) => {
  const named = site.run('contract:diff', '--against', lastRelease());
  expect(named.status, named.output).toBe(0);
  expect(named.output).toContain(`against release ${lastRelease()}`);
  // On the bundle the first command just wrote.
  const unknown = site.runWithoutPreScript('contract:diff', '--against', '0.0.1');
  expect(unknown.status).toBe(1);
  expect(unknown.output).toContain(`no release 0.0.1; the releases are ${lastRelease()}`);
});

test('the release command refuses a version that is not higher, and a minor version for a breaking change, leaving every file as it was', ({site}) => {
  const source = readFileSync(path.join(site.root, 'openapi/openapi.yaml'), 'utf8');
  const served = servedContract(site);
  const releaseFiles = readdirSync(path.join(site.root, 'openapi/releases')).sort();
  expect(releaseFiles).toEqual(expect.arrayContaining([`${lastRelease()}.json`, `${lastRelease()}.md`]));
  const lower = site.run('contract:release', '0.9.0', 'An older version');
  expect(lower.status).toBe(1);
  expect(lower.output).toContain(`0.9.0 is not higher than the last release, ${lastRelease()}`);
  const same = site.run('contract:release', lastRelease(), 'The same version');
  expect(same.status).toBe(1);
  expect(same.output).toContain('is not higher than the last release');

  editFile(site, schemaFile('AgentStatusEvent'), (text) => text.replace(/\n {2}- OUT_FOR_DELIVERY/, ''));
  const [major, minor] = lastRelease().split('.').map(Number);
  const minorRelease = site.run('contract:release', `${major}.${minor + 1}.0`, 'Drops a status');
  expect(minorRelease.status).toBe(1);
  expect(minorRelease.output).toContain(`so the release must be a new major version (${major + 1}.0.0)`);
  expect(readFileSync(path.join(site.root, 'openapi/openapi.yaml'), 'utf8')).toBe(source);
  expect(readdirSync(path.join(site.root, 'openapi/releases')).sort()).toEqual(releaseFiles);
  expect(servedContract(site)).toEqual(served);
});

test('the release command refuses a documentation-only release, and a contract that fails its own checks, writing no file and naming the check and the fix', ({site}) => {
  const releaseFiles = readdirSync(path.join(site.root, 'openapi/releases')).sort();
  const source = readFileSync(path.join(site.root, 'openapi/openapi.yaml'), 'utf8');
  const served = servedContract(site);
  const [major, minor] = lastRelease().split('.').map(Number);
  const next = `${major}.${minor + 1}.0`;
  // A reworded description alone.
  editFile(site, schemaFile('PickupResponse'), (text) => text.replace(/description: (.*)/, 'description: $1 Reworded.'));
  const wording = site.run('contract:release', next, 'Rewords a description');
  expect(wording.status).not.toBe(0);
  expect(wording.output).toContain('in its documentation only');
  expect(wording.output).toContain('Documentation edits make no API release');
  // An added field with a limit and no citation: refused before anything else is checked, naming the
  // YAML file, the key and the line to add (contract/citations.ts).
  const pickupRequest = readFileSync(path.join(site.root, schemaFile('PickupRequest')), 'utf8');
  editFile(site, schemaFile('PickupRequest'), (text) => text.replace('  generalNotes:\n', '  dockNumber:\n    type: string\n    maxLength: 10\n    description: Optional. Dock number.\n  generalNotes:\n'));
  const uncited = site.run('contract:release', next, 'Adds the dock number');
  expect(uncited.status).not.toBe(0);
  expect(uncited.output).toMatch(/openapi\/components\/schemas\/PickupRequest\.yaml:\d+: properties\.dockNumber: maxLength 10 has no source\./);
  expect(uncited.output).toMatch(/Add after line \d+ \(`maxLength: 10`\) of `dockNumber:`, the section and the specification's exact words:\n\s+x-spec: '<section>: "<the specification's words>"'/);
  expect(uncited.output).toContain('nothing was released and no file was written');
  expect(readdirSync(path.join(site.root, 'openapi/releases')).sort()).toEqual(releaseFiles);
  writeFileSync(path.join(site.root, schemaFile('PickupRequest')), pickupRequest);
  // An added field (a release on its own) in a contract that one of its own checks refuses: an
  // operation without a summary, which the lint stops. The lint is the first of the release's checks,
  // and each refuses the same way (contract/releases); the unit checks after it take a run of
  // Playwright, which the successful release of tests/preview pays once.
  editFile(site, schemaFile('PickupResponse'), (text) => text.replace(/\nproperties:\n/, '\nproperties:\n  dockNote:\n    type: string\n    description: Where the driver should go.\n'));
  editFile(site, 'openapi/paths/transit_eta.yaml', (text) => text.replace(/^ {2}summary: .*\n/m, ''));
  const failing = site.run('contract:release', next, 'Adds the dock note');
  expect(failing.status).not.toBe(0);
  expect(failing.output).toContain('the lint (Redocly, redocly.yaml) failed');
  expect(failing.output).toContain('operation-summary');
  expect(failing.output).toContain('nothing was released and no file was written');
  expect(failing.output).toContain('What to do: Fix the rule it names in the openapi/ file the pointer leads to');
  expect(readdirSync(path.join(site.root, 'openapi/releases')).sort()).toEqual(releaseFiles);
  expect(readFileSync(path.join(site.root, 'openapi/openapi.yaml'), 'utf8')).toBe(source);
  expect(servedContract(site)).toEqual(served);
});

test('the feed checks find what RFC 4287 and RSS 2.0 require', () => {
  expect(atomProblems('<feed xmlns="http://www.w3.org/2005/Atom"><id>x</id><title>t</title><updated>2030-01-15T00:00:00Z</updated><entry><id>e</id><title>t</title><updated>2030-01-15</updated><content>c</content></entry></feed>')).toEqual([
    'entry 0 <updated> is not an RFC 3339 date',
    'entry 0 has no author, and neither has the feed',
  ]);
  expect(rssProblems('<rss version="2.0"><channel><title>t</title><link>/changelog</link><item><link>https://a.example/x</link><pubDate>2030-01-15</pubDate></item></channel></rss>')).toEqual([
    'channel lacks <description>',
    'channel <link> is not an absolute URL',
    'item 0 has neither <title> nor <description>',
    'item 0 <pubDate> is not an RFC 822 date',
  ]);
});
