import {test, expect} from '@playwright/test';

import {escapeMdx} from '../../../contract/releases/changelog';

/** The Changelog's lines are generated text inside MDX: they must read as written, never as markup. */

test('braces, angle brackets and Markdown marks outside code spans become entities', () => {
  expect(escapeMdx('a {b} <c> *d* _e_ [f] \\g')).toBe('a &#123;b&#125; &#60;c&#62; &#42;d&#42; &#95;e&#95; &#91;f&#93; &#92;g');
  // A URL stays text, not a GFM autolink that Docusaurus would try to resolve.
  expect(escapeMdx('"${CARRIER_BASE_URL:-http://localhost:4010}/x"')).toBe('"$&#123;CARRIER&#95;BASE&#95;URL:-http:&#8288;//localhost:4010&#125;/x"');
});

test('a field name in backticks stays a code span, and its marks stay as written', () => {
  expect(escapeMdx('Replaced description of `items[].roll.squareYards` in Request Body')).toBe('Replaced description of `items[].roll.squareYards` in Request Body');
});

test('an excerpt cut inside a code span shows its stray backtick as itself, and the spans after it stay spans', () => {
  // The excerpt opens after the opening backtick of `weight`: pairing backticks as they come would
  // make "in pounds and " code and leave `dimensions` broken.
  const excerpt = '\u2026"weight` in pounds and `dimensions` in feet"\u2026';
  expect(escapeMdx(excerpt)).toBe('\u2026"weight&#96; in pounds and `dimensions` in feet"\u2026');
});

test('backticks around words with spaces are shown as themselves, not as code', () => {
  expect(escapeMdx('the message `Error in processing the request`')).toBe('the message &#96;Error in processing the request&#96;');
});
