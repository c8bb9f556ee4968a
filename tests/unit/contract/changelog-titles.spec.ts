import {expect, test} from '@playwright/test';

import {releaseTitle} from '../../../contract/releases/changelog';
import type {Change} from '../../../contract/releases/diff';

const change = (kind: Change['kind'], description = `a ${kind} change`) => ({kind, direction: 'request', group: 'POST /order/pickup/request', description}) as Change;
const release = {version: '2.0.0', summary: '`bol` now at most 10 characters on POST /order/pickup/request'};

test('a release is titled by what it changes for integrators, the most serious change first, in the diff\'s words', () => {
  const tightened = change('breaking', 'Replaced maxLength validator of `bol` in Request Body content (application/json): 20 → 10');
  expect(releaseTitle(release, [change('annotation'), change('non-breaking'), tightened], false)).toBe(
    '2.0.0: breaking, Replaced maxLength validator of `bol` in Request Body content (application/json): 20 → 10 on POST /order/pickup/request, and 1 more change',
  );
  expect(releaseTitle({...release, version: '1.1.0'}, [change('non-breaking', 'Added property `dockNote` in Response 201 content (application/json)'), change('annotation')], false)).toBe(
    '1.1.0: compatible, Added property `dockNote` in Response 201 content (application/json) on POST /order/pickup/request',
  );
  expect(releaseTitle({...release, version: '1.0.13'}, [change('annotation')], false)).toBe('1.0.13: documentation edits only');
  expect(releaseTitle({...release, version: '1.0.0'}, [], true)).toBe('1.0.0: first release');
});
