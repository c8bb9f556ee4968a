import {expect, test} from '@playwright/test';

import {releaseTitle} from '../../../scripts/contract/changelog';
import type {Change} from '../../../scripts/contract/diff';

const change = (kind: Change['kind']) => ({kind, direction: 'request', group: 'POST /order/pickup/request', description: 'x'}) as Change;
const release = {version: '2.0.0', summary: '`bol` now at most 10 characters on POST /order/pickup/request'};

test('a release is titled by what it changes for integrators: breaking first, then compatible, else documentation only', () => {
  expect(releaseTitle(release, [change('annotation'), change('non-breaking'), change('breaking')], false)).toBe('2.0.0: breaking, `bol` now at most 10 characters on POST /order/pickup/request');
  expect(releaseTitle({...release, version: '1.1.0'}, [change('non-breaking'), change('annotation')], false)).toBe('1.1.0: compatible, `bol` now at most 10 characters on POST /order/pickup/request');
  expect(releaseTitle({...release, version: '1.0.13'}, [change('annotation')], false)).toBe('1.0.13: documentation edits only');
  expect(releaseTitle({...release, version: '1.0.0'}, [], true)).toBe('1.0.0: first release');
});
