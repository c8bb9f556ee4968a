import {readFileSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {XMLParser} from 'fast-xml-parser';

import {openApiJsonPath, openApiYamlPath, publishedFile} from '../../contract/outputs';
import {test, expect, SiteCopy} from './siteCopy';

/**
 * What a writer meets when the contract changes, on a copy of the site: `npm run contract:check`
 * (which `npm test` runs) refuses a breaking edit nobody released, naming it; lets a non-breaking one
 * through; the release command refuses a version that is not higher; and a release reaches the
 * Changelog page and both feeds.
 */
test.describe.configure({mode: 'parallel', timeout: 300_000});

const schemaFile = (name: string) => `openapi/components/schemas/${name}.yaml`;

function editFile(site: SiteCopy, file: string, edit: (text: string) => string): void {
  const before = readFileSync(path.join(site.root, file), 'utf8');
  const after = edit(before);
  expect(after, `the edit of ${file} changed nothing`).not.toBe(before);
  site.write(file, after);
}

/** The served description's two files as text: a refused release puts them back as they were. */
const servedContract = (site: SiteCopy) => [openApiJsonPath, openApiYamlPath].map((file) => readFileSync(publishedFile(site.root, file), 'utf8'));

const lastRelease = () =>
  readdirSync(path.resolve(__dirname, '../../openapi/releases'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort((a, b) => a.localeCompare(b, 'en', {numeric: true}))
    .at(-1)!;

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

const parser = new XMLParser({ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'item' || name === 'entry' || name === 'author' || name === 'link'});
const isRfc822Date = (value: string) => /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value) && !Number.isNaN(Date.parse(value));
const isRfc3339 = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value);
const isAbsoluteUrl = (value: string) => /^https?:\/\/[^\s]+$/.test(value);

/** The elements RSS 2.0 (rssboard.org/rss-specification) requires, with their formats. */
function rssProblems(xml: string): string[] {
  const problems: string[] = [];
  const rss = parser.parse(xml).rss;
  if (rss?.['@version'] !== '2.0') return ['the root is not <rss version="2.0">'];
  const channel = rss.channel;
  for (const element of ['title', 'link', 'description']) if (!channel?.[element]) problems.push(`channel lacks <${element}>`);
  if (!isAbsoluteUrl(String(channel.link))) problems.push('channel <link> is not an absolute URL');
  for (const [index, item] of (channel.item ?? []).entries()) {
    if (!item.title && !item.description) problems.push(`item ${index} has neither <title> nor <description>`);
    if (!isAbsoluteUrl(String(item.link))) problems.push(`item ${index} <link> is not an absolute URL`);
    if (!isRfc822Date(String(item.pubDate))) problems.push(`item ${index} <pubDate> is not an RFC 822 date`);
  }
  return problems;
}

/** The elements Atom (RFC 4287, 4.1.1 and 4.1.2) requires, with their formats. */
function atomProblems(xml: string): string[] {
  const problems: string[] = [];
  const feed = parser.parse(xml).feed;
  if (feed?.['@xmlns'] !== 'http://www.w3.org/2005/Atom') return ['the root is not an Atom <feed>'];
  for (const element of ['id', 'title', 'updated']) if (!feed[element]) problems.push(`feed lacks <${element}>`);
  if (!isRfc3339(String(feed.updated))) problems.push('feed <updated> is not an RFC 3339 date');
  const entries = feed.entry ?? [];
  for (const [index, entry] of entries.entries()) {
    for (const element of ['id', 'title', 'updated']) if (!entry[element]) problems.push(`entry ${index} lacks <${element}>`);
    if (!isRfc3339(String(entry.updated))) problems.push(`entry ${index} <updated> is not an RFC 3339 date`);
    if (!feed.author && !entry.author?.every((author: {name?: string}) => author.name)) problems.push(`entry ${index} has no author, and neither has the feed`);
    if (!entry.content && !entry.link?.some((link: {'@rel'?: string}) => (link['@rel'] ?? 'alternate') === 'alternate')) problems.push(`entry ${index} has neither <content> nor an alternate link`);
  }
  return problems;
}

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
  // An added field (a release on its own) with a caveat the honesty check refuses in its description.
  editFile(site, schemaFile('PickupResponse'), (text) =>
    text.replace(/\nproperties:\n/, '\nproperties:\n  dockNote:\n    type: string\n    description: Dock note. Not stated by the carrier whether it is sent.\n'),
  );
  const failing = site.run('contract:release', next, 'Adds the dock note');
  expect(failing.status).not.toBe(0);
  expect(failing.output).toContain('the contract unit checks (tests/unit/openapi');
  expect(failing.output).toContain('nothing was released and no file was written');
  expect(failing.output).toContain('What to do: Each failing test names the openapi/ file');
  expect(readdirSync(path.join(site.root, 'openapi/releases')).sort()).toEqual(releaseFiles);
  expect(readFileSync(path.join(site.root, 'openapi/openapi.yaml'), 'utf8')).toBe(source);
  expect(servedContract(site)).toEqual(served);
});

// One production build of one copy serves three checks: a build takes 40 to 80 s on a loaded 2-core
// machine (2026-11-28), and the three edits (a released field, a broken anchor in a page) do not meet.
test.describe.serial('a copy with a released added field and a broken anchor, built once', () => {
  let site: SiteCopy;
  let released: {status: number | null; output: string};
  let build: {status: number | null; output: string};
  let version: string;
  const built = (file: string) => readFileSync(path.join(site.root, 'build', file), 'utf8');
  test.beforeAll(() => {
    site = new SiteCopy();
    // A new field with a limit, cited to the carrier's written answer, which the writer records too: YAML only.
    editFile(site, schemaFile('PickupResponse'), (text) => `${text.trimEnd()}\n  dockNote:\n    type: string\n    maxLength: 40\n    x-spec: 'carrier 2030-01-10-dock: "dockNote, up to 40 characters"'\n    description: Where the driver should go.\n`);
    site.write('openapi/carrier-answers.yaml', 'answers:\n  2030-01-10-dock:\n    date: 2030-01-10\n    from: the carrier\'s API team, by email\n    text: "The pickup answer may carry dockNote, up to 40 characters."\n');
    site.write('docs/Agents/intro.mdx', '---\ntitle: Intro\n---\n\nSee [a section](/docs/Agents/authentication#no-such-section).\n');
    const [major, minor] = lastRelease().split('.').map(Number);
    version = `${major}.${minor + 1}.0`;
    released = site.run('contract:release', version, 'Adds the dock note to the pickup answer', '--date', '2030-01-15');
    // The release ends with a whole bundle, downloads and Changelog included: the pages build on it.
    build = site.buildPages();
  });
  test.afterAll(() => site.remove());

  test('a broken anchor only warns, and the site still builds', () => {
    // One short block naming the file and line, the page and the link (src/plugins/linkCheck).
    expect(build.output).toContain('Broken anchors (1), which only warn:\n  docs/Agents/intro.mdx:5\n    on /docs/Agents/intro: /docs/Agents/authentication#no-such-section');
    // That one alone: every anchor the site's own pages link to, a row of the register included, is
    // one the page has (src/components/RowAnchor).
    expect(build.output).not.toContain('Broken links (');
    expect(build.status, build.output).toBe(0);
    expect(site.hasBuilt()).toBe(true);
  });

  test('a field added to the contract shows in the guide that renders its call, after a build', () => {
    // The guides' call summaries come from the contract: change the contract, and the built page changes.
    const page = built('docs/guides/pickups/index.html');
    expect(page).toContain('<code>{ result, pickupNumber, dockNote }</code>');
    // Its fact is the carrier's written answer, and says so with the answer's date, in the description /api/ shows.
    expect(built('openapi.json')).toContain("Where the driver should go. *Carrier's answer of 2030-01-10.*");
  });

  test('the release reaches the Changelog page and both feeds, which are valid RSS 2.0 and Atom', () => {
    expect(released.status, released.output).toBe(0);
    // Wording edits not yet released travel with it; the added field is its one non-breaking change.
    expect(released.output).toMatch(new RegExp(`released ${version.replace(/\./g, '\\.')} \\(2030-01-15\\) with 0 breaking, 1 non-breaking, \\d+ wording-only change\\(s\\) since ${lastRelease().replace(/\./g, '\\.')}`));
    expect(build.status, build.output).toBe(0);
    const changelog = built('changelog/index.html');
    // Newest first, each release under its stable anchor, the change linked to its operation on /api/.
    expect(changelog.indexOf(`id=v${version}`)).toBeGreaterThan(-1);
    expect(changelog.indexOf(`id=v${version}`)).toBeLessThan(changelog.indexOf(`id=v${lastRelease()}`));
    expect(changelog).toContain('Added property <code>dockNote</code> in Response 201');
    expect(changelog).toMatch(/href=\/api\/#tag\/Pickups\/operation\/requestPickup>POST \/order\/pickup\/request/);
    expect(built(`changelog/${version}/index.html`)).toContain('Adds the dock note to the pickup answer');
    expect(JSON.parse(built(`downloads/releases/${version}/openapi.json`)).components.schemas.PickupResponse.properties.dockNote).toBeDefined();

    const rss = built('changelog/rss.xml');
    const atom = built('changelog/atom.xml');
    for (const feed of [rss, atom]) {
      // Titled by the writer's summary; the diff's sentences follow, with the field as code.
      expect(feed).toContain(`[CDATA[${version}: Adds the dock note to the pickup answer]]>`);
      expect(feed).toContain('Added property <code>dockNote</code>');
      expect(feed).not.toContain('documentation edits only');
      expect(feed).not.toContain('changelog-documentation');
      expect(Buffer.byteLength(feed)).toBeLessThan(50_000);
    }
    expect(changelog).toContain('class=changelog-documentation');
    expect(rssProblems(rss)).toEqual([]);
    expect(atomProblems(atom)).toEqual([]);
  });
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
