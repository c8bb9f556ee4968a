import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {parse, stringify} from 'yaml';

import {carrierAnswersFile, citationProblems, formatCitationProblem, markCarrierAnswers, parseCitation, quotedIn, readSpecification, specificationFile} from '../../../contract/citations';

/**
 * What the specification says is data in the YAML: every bound, enumeration and `required` list of
 * openapi/ carries its own `x-spec` citation, checked here against the specification's text, or is
 * marked as the portal's assumption (contract/citations.ts, openapi/README.md).
 */
const projectRoot = path.resolve(__dirname, '../../..');
const specification = readSpecification(specificationFile(projectRoot));

test('every bound, enumeration and required list of openapi/ cites the words that give it, or is marked as assumed', () => {
  // Where the specification is absent (a clone without ../shared/spec), only the citations' form is checked.
  test.info().annotations.push({type: 'specification', description: specification ? specificationFile(projectRoot) : 'absent: form only'});
  expect(citationProblems(projectRoot, specification).map(formatCitationProblem)).toEqual([]);
  // The check reads what the YAML holds: dozens of citations, not a handful.
  const yaml = [...readFileSync(path.join(projectRoot, 'openapi/components/schemas/AgentItemAdditional.yaml'), 'utf8').matchAll(/^\s*x-spec: '5: "/gm)];
  expect(yaml.length).toBe(7);
});

test('citations are read in each of their forms', () => {
  expect(parseCitation(`5: "dyelot 15"`)).toEqual({kind: 'specification', sections: ['5'], quote: 'dyelot 15', reading: ''});
  expect(parseCitation(`3 and 9: "state (max 2)"`)).toMatchObject({kind: 'specification', sections: ['3', '9']});
  expect(parseCitation(`3: "times in HHMMSS" as numbers`)).toMatchObject({quote: 'times in HHMMSS', reading: 'as numbers'});
  expect(parseCitation(`carrier 2027-01-15-zip: "ZIP codes are strings"`)).toMatchObject({kind: 'carrier', answer: '2027-01-15-zip'});
  expect(parseCitation('assumed')).toEqual({kind: 'assumed', reading: ''});
  expect(parseCitation('3, Pickup request')).toEqual({kind: 'section', sections: ['3']});
  expect(parseCitation('dyelot is 15')).toBeUndefined();
  expect(quotedIn('POD by image: probillNumber (…), signerName (…); all required', 'x **POD by image**: probillNumber (1 to 9), eventTime (a), signerName (b); all required.')).toBe(true);
  expect(quotedIn('dyelot 16', 'dyelot 15; colorNumber 6')).toBe(false);
});

/** A throwaway project holding a copy of openapi/, for edits the check must refuse. */
function withCopy(edit: (root: string) => void): string[] {
  const root = mkdtempSync(path.join(tmpdir(), 'citations-'));
  try {
    cpSync(path.join(projectRoot, 'openapi'), path.join(root, 'openapi'), {recursive: true, filter: (source) => !source.includes(`${path.sep}releases`)});
    edit(root);
    return citationProblems(root, specification).map(formatCitationProblem);
  } finally {
    rmSync(root, {recursive: true, force: true});
  }
}

const pickupRequest = 'openapi/components/schemas/PickupRequest.yaml';
const withDockNumber = (root: string, lines: string[]) => {
  const file = path.join(root, pickupRequest);
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace('  generalNotes:\n', `  dockNumber:\n${lines.map((line) => `    ${line}\n`).join('')}  generalNotes:\n`));
};

test('a new field with a limit and no citation is refused, naming the YAML file, the key and the line to add', () => {
  const problems = withCopy((root) => withDockNumber(root, ['type: string', 'maxLength: 10', 'description: Dock number.']));
  expect(problems).toHaveLength(1);
  const lines = readFileSync(path.join(projectRoot, pickupRequest), 'utf8').split('\n');
  const keyLine = lines.indexOf('  generalNotes:') + 1;
  expect(problems[0]).toContain(`${pickupRequest}:${keyLine}: properties.dockNumber: maxLength 10 has no source.`);
  expect(problems[0]).toContain(`Add after line ${keyLine + 2} (\`maxLength: 10\`) of \`dockNumber:\``);
  expect(problems[0]).toContain(`      x-spec: '<section>: "<the specification's words>"'`);
  // The pickup request already marks its limits as assumed: the other line that would do is named too.
  expect(problems[0]).toContain('`x-spec: assumed` (this schema\'s x-not-stated already lists bounds)');
  // With the citation, or the assumption marker, the same field passes.
  expect(withCopy((root) => withDockNumber(root, [`x-spec: '5: "bol up to 20 characters"; purchaseOrder 12'`, 'type: string', 'maxLength: 12']))).toEqual([]);
  expect(withCopy((root) => withDockNumber(root, ['x-spec: assumed', 'type: string', 'maxLength: 10']))).toEqual([]);
});

test('a citation the specification does not bear out is refused: words it does not say, a value the words do not give', () => {
  test.skip(!specification, 'the specification is not beside this clone (../shared/spec): only the form is checked');
  const file = 'openapi/components/schemas/AgentItemAdditional.yaml';
  const wrongWords = withCopy((root) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    writeFileSync(path.join(root, file), text.replace(`x-spec: '5: "dyelot 15"'`, `x-spec: '5: "dyelot up to 15"'`));
  });
  expect(wrongWords).toEqual([expect.stringMatching(/AgentItemAdditional\.yaml:\d+: properties\.dyelot: cites "dyelot up to 15", which section 5 of the specification does not say/)]);
  const wrongValue = withCopy((root) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    writeFileSync(path.join(root, file), text.replace('maxLength: 15', 'maxLength: 16'));
  });
  expect(wrongValue).toEqual([expect.stringMatching(/properties\.dyelot: its limit gives 16, which the citation "dyelot 15" does not/)]);
  const missingEnumValue = withCopy((root) => {
    const enumFile = path.join(root, 'openapi/components/schemas/PayType.yaml');
    writeFileSync(enumFile, `${readFileSync(enumFile, 'utf8').trimEnd()}\n  - Freight Collect\n`);
  });
  expect(missingEnumValue).toEqual([expect.stringContaining('PayType.yaml:1: PayType: its allowed values give Freight Collect')]);
});

test("a carrier's written answer is a source like the specification, once it is recorded in openapi/carrier-answers.yaml", () => {
  const cite = (root: string) => withDockNumber(root, [`x-spec: 'carrier 2027-01-15-dock: "dockNumber holds up to 10 characters"'`, 'type: string', 'maxLength: 10']);
  expect(withCopy(cite)).toEqual([expect.stringContaining(`cites the carrier's answer "2027-01-15-dock", which ${carrierAnswersFile} does not hold`)]);
  const recorded = withCopy((root) => {
    cite(root);
    // Added to the answers already recorded, as a writer adds one.
    const file = path.join(root, carrierAnswersFile);
    const recordedAnswers = (parse(readFileSync(file, 'utf8')) as {answers?: Record<string, unknown>} | null)?.answers ?? {};
    writeFileSync(file, stringify({answers: {...recordedAnswers, '2027-01-15-dock': {date: '2027-01-15', from: "the carrier's API team, by email", text: 'dockNumber holds up to 10 characters, letters and digits.'}}}));
  });
  expect(recorded).toEqual([]);
});

test("a field that cites the carrier's answer says so after its description, with the answer's date; other fields are left as they are", () => {
  const document = {
    components: {
      schemas: {
        Party: {
          properties: {
            zip: {type: 'string', maxLength: 5, 'x-spec': `carrier 2027-01-15-zip: "ZIP codes are strings"`, description: 'ZIP code'},
            city: {type: 'string', maxLength: 25, 'x-spec': `5: "city 25"`, description: 'City.'},
          },
        },
      },
    },
  };
  markCarrierAnswers(document, [{id: '2027-01-15-zip', date: '2027-01-15', from: 'the API team', text: 'ZIP codes are strings of 5 digits.'}]);
  expect(document.components.schemas.Party.properties.zip.description).toBe("ZIP code. *Carrier's answer of 2027-01-15.*");
  expect(document.components.schemas.Party.properties.city.description).toBe('City.');
});
