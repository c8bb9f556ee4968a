import {expect, test} from '@playwright/test';

import {releaseTitle} from '../../../contract/releases/changelog';
import type {Change} from '../../../contract/releases/diff';

const change = (kind: Change['kind'], description = `a ${kind} change`) => ({kind, direction: 'request', group: 'POST /order/pickup/request', description}) as Change;
const release = {version: '2.0.0', summary: '`bol` now at most 10 characters on POST /order/pickup/request'};

test('a release is titled by the writer’s summary, as plain text, marked when it breaks integrators', () => {
  const tightened = change('breaking', 'Replaced maxLength validator of `bol` in Request Body content (application/json): 20 → 10');
  expect(releaseTitle(release, [change('annotation'), change('non-breaking'), tightened], false)).toBe('2.0.0 (breaking): bol now at most 10 characters on POST /order/pickup/request');
  expect(releaseTitle({version: '1.1.0', summary: 'Adds the dock note to the pickup answer'}, [change('non-breaking', 'Added property `dockNote` in Response 201 content (application/json)'), change('annotation')], false)).toBe(
    '1.1.0: Adds the dock note to the pickup answer',
  );
  expect(releaseTitle({...release, version: '1.0.0'}, [], true)).toBe('1.0.0: bol now at most 10 characters on POST /order/pickup/request');
});

test('a release of documentation edits alone, as there were before contract:release refused them, says so', () => {
  expect(releaseTitle({...release, version: '1.0.13'}, [change('annotation')], false)).toBe('1.0.13: documentation edits only');
});
