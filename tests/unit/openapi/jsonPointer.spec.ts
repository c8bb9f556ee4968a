import {expect, test} from '@playwright/test';

import {pointerTarget} from '../../../contract/jsonPointer';

const document = {
  paths: {'/order/pickup/request': {post: {operationId: 'requestPickup'}}},
  components: {schemas: {'a~/b': {type: 'string'}, '~1': {type: 'number'}, Count: 3}},
};

test('a local reference finds its node, with ~1 read as / and ~0 as ~', () => {
  expect(pointerTarget(document, '#/paths/~1order~1pickup~1request/post')).toEqual({operationId: 'requestPickup'});
  expect(pointerTarget(document, '#/components/schemas/a~0~1b')).toEqual({type: 'string'});
  // `~01` is `~1` (the literal key), not `/`: the two escapes are decoded in RFC 6901's order.
  expect(pointerTarget(document, '#/components/schemas/~01')).toEqual({type: 'number'});
});

test('a reference to nothing, or through a value that is not an object, gives undefined', () => {
  expect(pointerTarget(document, '#/components/schemas/Missing')).toBeUndefined();
  expect(pointerTarget(document, '#/components/schemas/Count/type')).toBeUndefined();
  expect(pointerTarget(document, '#/nowhere/at/all')).toBeUndefined();
});
