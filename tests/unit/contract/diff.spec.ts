import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {apiCompare} from 'api-smart-diff';

import {contractChanges, differingParts, groupByOperation, inlineAnnotatedRefs, mergeObjectAllOf, toJsonPath, type Change} from '../../../contract/releases/diff';
import {withInfoVersion, type ContractDocument} from '../../../contract/releases/releases';
import {openApiJsonPath, publishedFile} from '../../../contract/outputs';

/**
 * The classification CI trusts, on the served contract itself (`npm test` bundles it first): each
 * kind of edit the issue names, in both directions, and each portal rule over api-smart-diff, with
 * the library's own verdict shown beside it so a rule that stops mattering is noticed.
 */
const served = JSON.parse(readFileSync(publishedFile(path.resolve(__dirname, '../../..'), openApiJsonPath), 'utf8')) as ContractDocument;
type Schemas = Record<string, {properties: Record<string, Record<string, unknown>>; required?: string[]; enum?: string[]; [key: string]: unknown}>;

function edited(edit: (schemas: Schemas, document: ContractDocument) => void): Change[] {
  const after = structuredClone(served);
  edit((after.components as {schemas: Schemas}).schemas, after);
  return contractChanges(served, after);
}

const kinds = (changes: Change[]) => [...new Set(changes.map((change) => change.kind))];
const breaking = (changes: Change[]) => changes.filter((change) => change.kind === 'breaking');

test('an unchanged contract has no changes', () => {
  expect(contractChanges(served, structuredClone(served))).toEqual([]);
});

test.describe('breaking edits are breaking, named with their operation, JSON path and what they break', () => {
  test('a response field removed', () => {
    const changes = edited((schemas) => delete schemas.PickupResponse.properties.pickupNumber);
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'breaking',
        direction: 'response',
        group: 'POST /order/pickup/request',
        operationId: 'requestPickup',
        jsonPath: "$.paths['/order/pickup/request'].post.responses['201'].content['application/json'].schema.properties.pickupNumber",
        breaks: expect.stringContaining('answers'),
      }),
    ]);
  });

  test('a request limit tightened', () => {
    const changes = edited((schemas) => (schemas.TokenRequest.properties.id.maxLength = 8));
    expect(breaking(changes)).toEqual([
      expect.objectContaining({direction: 'request', group: 'POST /authentication/user/token', jsonPath: expect.stringMatching(/properties\.id\.maxLength$/)}),
    ]);
  });

  test('a request enum value removed', () => {
    const changes = edited((schemas) => (schemas.AgentStatusEvent.enum = ['PICKED_UP']));
    expect(kinds(changes)).toEqual(['breaking']);
    expect(changes[0]).toMatchObject({group: 'POST /agent/probill/status', direction: 'request', description: expect.stringContaining('OUT_FOR_DELIVERY')});
  });

  test('a request field made required', () => {
    const changes = edited((schemas) => (schemas.TokenRequest.required = ['id']));
    expect(kinds(changes)).toEqual(['breaking']);
    expect(changes[0].jsonPath).toBe("$.paths['/authentication/user/token'].post.requestBody.content['application/json'].schema.required[0]");
  });

  test('an operation removed', () => {
    const changes = edited((_, document) => delete document.paths['/transit/eta']);
    expect(changes).toEqual([expect.objectContaining({kind: 'breaking', group: 'GET /transit/eta', operationId: 'getTransitEta'})]);
  });

  test('a response status removed', () => {
    const changes = edited((_, document) => delete (document.paths['/transit/eta'].get as {responses: Record<string, unknown>}).responses['422']);
    expect(changes).toEqual([expect.objectContaining({kind: 'breaking', jsonPath: "$.paths['/transit/eta'].get.responses['422']"})]);
  });
});

test.describe('non-breaking edits pass', () => {
  test('an optional field added to a request and to an answer', () => {
    const changes = edited((schemas) => {
      schemas.PickupRequest.properties.dockNote = {type: 'string'};
      schemas.PickupResponse.properties.dockNote = {type: 'string'};
    });
    expect(changes.map((change) => [change.kind, change.direction])).toEqual([
      ['non-breaking', 'request'],
      ['non-breaking', 'response'],
    ]);
  });

  test('a new operation', () => {
    const changes = edited((_, document) => {
      document.paths['/order/pickup/notes'] = {get: {operationId: 'listPickupNotes', tags: ['Pickups'], responses: {200: {description: 'The notes.'}}}};
    });
    expect(changes).toEqual([expect.objectContaining({kind: 'non-breaking', group: 'GET /order/pickup/notes', operationId: 'listPickupNotes'})]);
  });

  test('a description reworded is wording only', () => {
    const changes = edited((schemas) => (schemas.PickupResponse.description = 'The pickup the carrier created.'));
    expect(kinds(changes)).toEqual(['annotation']);
  });

  test('a request limit relaxed', () => {
    expect(kinds(edited((schemas) => (schemas.PickupRequest.properties.bol.maxLength = 40)))).toEqual(['non-breaking']);
  });
});

test.describe('direction decides what an enum value added means', () => {
  test('added to an answer, it can break a strict client', () => {
    const changes = edited((schemas) => {
      schemas.TokenResponse.properties.token_type = {type: 'string', enum: ['Bearer', 'MAC']};
    });
    expect(breaking(changes)).toEqual([expect.objectContaining({direction: 'response', jsonPath: expect.stringMatching(/token_type\.enum\[1\]$/)})]);
  });

  test('added to a request, it breaks nothing', () => {
    expect(kinds(edited((schemas) => schemas.AgentStatusEvent.enum!.push('DELIVERED')))).toEqual(['non-breaking']);
  });
});

test.describe('portal rules over the library', () => {
  /** The library's own verdicts for the same edit, on the operations (components are left out). */
  function libraryKinds(edit: (schemas: Schemas, document: ContractDocument) => void): string[] {
    const after = structuredClone(served);
    edit((after.components as {schemas: Schemas}).schemas, after);
    // apiCompare rewrites the documents it is given (it merges allOf in place): it gets copies.
    return [...new Set(apiCompare(structuredClone(served), structuredClone(after)).diffs.filter((diff) => diff.path[0] === 'paths').map((diff) => diff.type))];
  }

  test('a response field removed is breaking, where the library says non-breaking', () => {
    const edit = (schemas: Schemas) => delete schemas.PickupResponse.properties.result;
    expect(libraryKinds(edit)).toEqual(['non-breaking']);
    expect(edited(edit)).toEqual([expect.objectContaining({kind: 'breaking', rule: 'a response field removed is breaking'})]);
  });

  test('a request field renamed is breaking: its removal is, where the library says non-breaking', () => {
    const edit = (schemas: Schemas) => {
      const fields = schemas.PickupRequest.properties;
      fields.billOfLading = fields.bol;
      delete fields.bol;
    };
    expect(libraryKinds(edit)).toEqual(['non-breaking']);
    expect(edited(edit).map((change) => [change.kind, change.description.split(' ').slice(0, 3).join(' ')])).toEqual([
      ['breaking', 'Removed property `bol`'],
      ['non-breaking', 'Added property `billOfLading`'],
    ]);
  });

  test('a response type changed is breaking, where the library says non-breaking', () => {
    const edit = (schemas: Schemas) => (schemas.TokenResponse.properties.expires_in.type = 'string');
    expect(libraryKinds(edit)).toEqual(['non-breaking']);
    expect(edited(edit)).toEqual([expect.objectContaining({kind: 'breaking', rule: 'a response type changed is breaking', description: expect.stringContaining('"integer" → "string"')})]);
  });

  test('the portal’s x- extensions are wording only, where the library leaves them unclassified', () => {
    const edit = (schemas: Schemas) => (schemas.Transit.properties.transitDays['x-not-stated'] = ['bounds', 'unit']);
    expect(libraryKinds(edit)).toEqual(['unclassified']);
    expect(kinds(edited(edit))).toEqual(['annotation']);
  });

  test('a parameter example moved into named examples is wording only, where the library leaves it unclassified (read as breaking); a field named `examples` is still a field', () => {
    type Parameters = Record<string, {example?: unknown; examples?: Record<string, {value: unknown}>}>;
    const edit = (_schemas: Schemas, document: ContractDocument) => {
      const parameter = (document.components as {parameters: Parameters}).parameters.ProbillNumberQuery;
      parameter.examples = {Illustrative: {value: parameter.example}};
      delete parameter.example;
    };
    expect(libraryKinds(edit)).toEqual(['unclassified']);
    expect(kinds(edited(edit))).toEqual(['annotation']);
    expect(edited(edit)[0]).toMatchObject({rule: 'examples are annotations'});
    const addField = (schemas: Schemas) => {
      schemas.PickupResponse.properties.examples = {type: 'string'};
    };
    const added = edited(addField);
    expect(added.length).toBeGreaterThan(0);
    expect(added.map((change) => change.rule)).not.toContain('examples are annotations');
  });

  test('a note beside a $ref is wording only, where the library reads every field of the target removed', () => {
    // Before: the bare reference. After: the same reference with a description and a marker beside it.
    const before = structuredClone(served);
    const fields = (before.components as {schemas: Schemas}).schemas.ReschedulePickupRequest.properties;
    fields.pickupWindow = {$ref: fields.pickupWindow.$ref};
    const after = structuredClone(before);
    (after.components as {schemas: Schemas}).schemas.ReschedulePickupRequest.properties.pickupWindow = {
      $ref: fields.pickupWindow.$ref,
      description: 'The new pickup window.',
      'x-not-stated': ['required'],
    };
    const library = apiCompare(structuredClone(before), structuredClone(after)).diffs.filter((diff) => diff.path[0] === 'paths');
    // The library wraps the two in allOf: the window's fields read as removed, the allOf as unclassified.
    expect(library.filter((diff) => diff.action === 'remove').map((diff) => diff.path.at(-1))).toEqual(expect.arrayContaining(['windowDate', 'timeZoneOffset']));
    expect(library.some((diff) => diff.type === 'unclassified')).toBe(true);
    const changes = contractChanges(before, after);
    expect(changes.length).toBeGreaterThan(0);
    expect(kinds(changes)).toEqual(['annotation']);
  });

  test('wording inside one part of an allOf is wording only, where the library pairs the parts crosswise', () => {
    // A real pair (see its `why`): the library matched AgentProbillDetail's parts by likeness and read
    // the `$ref` and the `items` field as removed and re-added.
    const pair = JSON.parse(readFileSync(path.resolve(__dirname, 'allOfPartsPairedCrosswise.json'), 'utf8')) as {before: ContractDocument; after: ContractDocument};
    const library = apiCompare(inlineAnnotatedRefs(pair.before), inlineAnnotatedRefs(pair.after)).diffs;
    expect(library.filter((diff) => diff.path.at(-1) === '$ref').map((diff) => diff.action)).toEqual(['remove', 'add']);
    const changes = contractChanges(pair.before, pair.after);
    expect(changes.length).toBeGreaterThan(0);
    expect(kinds(changes)).toEqual(['annotation']);
    expect(changes.map((change) => change.jsonPath)).toContainEqual(expect.stringMatching(/\.consignee\.properties\.address\.properties\.zipcode\.description$/));
  });

  test('an allOf of object schemas is compared as the one object it means; any other allOf is left as written', () => {
    const document = {
      components: {
        schemas: {
          Base: {type: 'object', required: ['id'], properties: {id: {type: 'string'}}},
          Detail: {description: 'With items.', allOf: [{$ref: '#/components/schemas/Base'}, {type: 'object', required: ['items'], properties: {items: {type: 'array'}}}]},
          Overlapping: {allOf: [{$ref: '#/components/schemas/Base'}, {properties: {id: {maxLength: 3}}}]},
          Constrained: {allOf: [{$ref: '#/components/schemas/Base'}, {type: 'string', format: 'date'}]},
        },
      },
    } as unknown as ContractDocument;
    const schemas = (mergeObjectAllOf(document).components as {schemas: Record<string, unknown>}).schemas;
    expect(schemas.Detail).toEqual({type: 'object', description: 'With items.', required: ['id', 'items'], properties: {id: {type: 'string'}, items: {type: 'array'}}});
    expect(schemas.Overlapping).toEqual((document.components as {schemas: Record<string, unknown>}).schemas.Overlapping);
    expect(schemas.Constrained).toEqual((document.components as {schemas: Record<string, unknown>}).schemas.Constrained);
  });

  test('a constraint beside a $ref is still compared as one', () => {
    const changes = edited((schemas) => {
      schemas.ReschedulePickupRequest.properties.pickupNumber = {...schemas.ReschedulePickupRequest.properties.pickupNumber, maxLength: 3};
    });
    expect(kinds(changes)).toContain('breaking');
  });

  test('guide links are wording only, where the library leaves them unclassified', () => {
    const edit = (_: Schemas, document: ContractDocument) => {
      (document.paths['/transit/eta'].get as {externalDocs: {url: string}}).externalDocs.url = 'https://developer.carrier.example/docs/guides/eta';
    };
    const after = structuredClone(served);
    edit({} as Schemas, after);
    expect([...new Set(apiCompare(structuredClone(served), structuredClone(after)).diffs.map((diff) => diff.type))]).toEqual(['unclassified']);
    expect(kinds(contractChanges(served, after))).toEqual(['annotation']);
  });
});

test('changes group by operation, breaking ones first', () => {
  const changes = edited((schemas) => {
    schemas.PickupRequest.properties.dockNote = {type: 'string'};
    delete schemas.PickupResponse.properties.pickupNumber;
    schemas.Transit.description = 'How long the freight travels.';
  });
  expect(groupByOperation(changes).map((group) => [group.group, group.changes.map((change) => change.kind)])).toEqual([
    ['POST /order/pickup/request', ['breaking', 'non-breaking']],
    ['GET /transit/eta', ['annotation']],
  ]);
});

test('JSON paths quote every key that is not a plain name', () => {
  expect(toJsonPath(['paths', '/a/b', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'required', 0])).toBe(
    "$.paths['/a/b'].get.responses['200'].content['application/json'].schema.required[0]",
  );
});

test('the release command sets info.version and nothing else of the source', () => {
  const source = '# comment\nopenapi: 3.1.0\ninfo:\n  title: Carrier APIs\n  version: 1.0.0\n  description: |\n    version: 9.9.9 in prose\npaths: {}\n';
  expect(withInfoVersion(source, '1.1.0')).toBe(source.replace('version: 1.0.0', 'version: 1.1.0'));
  expect(() => withInfoVersion('openapi: 3.1.0\npaths: {}\n', '1.1.0')).toThrow('found no info.version line');
});

test('a reworded description shows the words that changed, not two identical openings', () => {
  const opening = 'The pickup request books a driver for the shipment. '.repeat(3);
  const [before, after] = differingParts(`${opening}The driver comes\nbetween 8 and 5.`, `${opening}The driver comes between 9 and 5.`);
  expect(before).toContain('between 8 and 5.');
  expect(after).toContain('between 9 and 5.');
  expect(before.startsWith('\u2026')).toBe(true);
  expect(before).not.toContain('\n');
  // Short values stay whole and quoted.
  expect(differingParts('20 characters', '10 characters')).toEqual(['"20 characters"', '"10 characters"']);
});

test('a change inside an anyOf part names its keyword and the answer it is in, as wording', () => {
  // The pickup request's 400 is a choice (anyOf) between the validation body and the generic one. Its
  // parts pair by schema name (titleCombinedRefs), so the library sees them in place and names the change.
  const changes = edited((schemas) => (schemas.ValidationError.description = 'Reworded.'));
  const inPickupRequest = changes.filter((change) => change.group === 'POST /order/pickup/request');
  expect(inPickupRequest.length).toBeGreaterThan(0);
  for (const change of inPickupRequest) {
    expect(change.kind).toBe('annotation');
    expect(change.description).toMatch(/^Replaced annotation \(description\) in Response 400 content \(application\/json\): .* → "Reworded\."$/);
  }
});

test('an unnamed change inside an array field called items names the field, not two arrays', () => {
  const changes = edited((schemas) => {
    const roll = schemas.RollDetails.properties.cutRollNumber;
    roll['x-not-stated'] = [...((roll['x-not-stated'] as string[] | undefined) ?? []), 'values'];
  });
  const receipt = changes.filter((change) => change.group === 'POST /wms/receipt/create');
  expect(receipt.length).toBeGreaterThan(0);
  for (const change of receipt) {
    expect(change.description).toMatch(/^Added "values" to x-not-stated of `items\[\]\.roll\.cutRollNumber` in Request Body content/);
  }
});

test('an extension added to a parameter names the extension, not the parameter as added', () => {
  const changes = edited((_, document) => {
    // As 1.0.1 did to ProbillNumberQuery: a first x-not-stated on a parameter that had none.
    (document.components as {parameters: Record<string, Record<string, unknown>>}).parameters.DestinationZipcodeQuery['x-not-stated'] = ['values'];
  });
  const eta = changes.filter((change) => change.group === 'GET /transit/eta');
  expect(eta.map((change) => change.description)).toEqual(['Added "values" to x-not-stated of query parameter `destinationZipcode`']);
});

test('a list of values changed element by element is told once, as the values that came and went', () => {
  // As 1.0.9 did to AppointmentRequest ([required, behaviour] became [meaning, required, behaviour]):
  // a value put first, which the library reports as every element replaced and one added.
  const changes = edited((schemas) => {
    schemas.AppointmentRequest['x-not-stated'] = ['values', ...(schemas.AppointmentRequest['x-not-stated'] as string[])];
  });
  const appointment = changes.filter((change) => change.group === 'POST /agent/probill/appointment');
  expect(appointment.map((change) => change.description)).toEqual(['Added "values" to x-not-stated of Request Body content (application/json)']);
  expect(appointment[0]).toMatchObject({kind: 'annotation', jsonPath: "$.paths['/agent/probill/appointment'].post.requestBody.content['application/json'].schema['x-not-stated']"});
  const swapped = edited((schemas) => {
    schemas.Transit.properties.transitDays['x-not-stated'] = ['values'];
  });
  expect(swapped.length).toBeGreaterThan(0);
  for (const change of swapped) {
    expect(change.description).toMatch(/^Replaced "[a-z]+"(, "[a-z]+")* with "values" in x-not-stated of `transit.transitDays` in Response 200 content/);
  }
});

test('code samples changed are told once per operation, naming the samples and the words that changed', () => {
  const after = structuredClone(served);
  const operation = (after.paths as Record<string, Record<string, {'x-codeSamples': {label: string; source: string}[]}>>)['/ltl/rate/quote'].post;
  for (const sample of operation['x-codeSamples']) {
    sample.source = sample.source.replace('30720', '30721');
  }
  const changes = contractChanges(served, after);
  expect(changes).toHaveLength(1);
  expect(changes[0]).toMatchObject({kind: 'annotation', group: 'POST /ltl/rate/quote', jsonPath: "$.paths['/ltl/rate/quote'].post['x-codeSamples']"});
  expect(changes[0].description).toMatch(/^Replaced the code samples \(curl, JavaScript, Python, Java, C#, Go, PHP, Ruby\) of the operation: .*30720.*→.*30721/);
});

test('a change the library gives no words for names its keyword and parameter, not a raw path', () => {
  const after = structuredClone(served);
  const operation = (after.paths as Record<string, Record<string, {externalDocs: {url: string}}>>)['/ltl/rate/quote'].post;
  operation.externalDocs.url += '-moved';
  const [change] = contractChanges(served, after);
  expect(change.description).toMatch(/^Replaced externalDocs\.url: ".*" → ".*-moved"/);
  expect(change.description).not.toContain('paths/');
});

test('rewording both schemas of an anyOf pairs each with itself, not crosswise: wording only', () => {
  // As the facts-first rewrite did to the two bodies of a 400 (ValidationError, ErrorResponse): the
  // library paired them crosswise and reported 54 `$ref`s replaced, one per call.
  const changes = edited((schemas) => {
    for (const name of ['ValidationError', 'ErrorResponse']) {
      const schema = schemas[name] as {description?: string; properties: Record<string, {description?: string}>};
      schema.description = `Reworded: ${name}.`;
      for (const property of Object.values(schema.properties)) {
        property.description = 'Reworded.';
      }
    }
  });
  expect(changes.length).toBeGreaterThan(0);
  expect(breaking(changes)).toEqual([]);
});
