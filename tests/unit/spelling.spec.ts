import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {test, expect} from '@playwright/test';

import {docsTexts, misspellings, projectRoot, servedContractTexts} from '../../checks/spelling';

/**
 * The writers' spelling check (cspell.config.yaml) reads the docs and every description of the served
 * contract. That it finds no unknown word in them is `npm run check`'s to show (quick-check.spec.ts
 * runs it over the project), so the words are spelled through once a run, not twice.
 */
test('the spelling check reads every docs page and the contract’s descriptions', () => {
  const texts = [...docsTexts(), ...servedContractTexts()];
  expect(texts.filter((text) => text.where.startsWith('docs/')).length).toBeGreaterThanOrEqual(20);
  expect(texts.filter((text) => text.where.startsWith('static/')).length).toBeGreaterThan(300);
});

test('the carrier’s misspellings pass only where they name the contract; other misspellings fail', async () => {
  const uri = pathToFileURL(path.join(projectRoot, 'docs/guides/new-page.mdx')).href;
  const check = async (text: string) => (await misspellings([{where: 'docs/guides/new-page.mdx', uri, text}])).map((problem) => problem.word);

  expect(await check('Send `lenght` and read `totalFrieghtCharge`: {"lenght": 4}.')).toEqual([]);
  expect(await check('See the [Test environment](/docs/Agents/test-enviroment) page.')).toEqual([]);
  expect(await check('Probills move by linehaul; a liftgate helps.')).toEqual([]);

  expect(await check('Measure the lenght of each roll.')).toEqual(['lenght']);
  expect(await check('The totalFrieghtCharge is the price.')).toEqual(['Frieght']);
  expect(await check('Use our test-enviroment first.')).toEqual(['enviroment']);
  expect(await check('You will recieve a pickup number.')).toEqual(['recieve']);
});
