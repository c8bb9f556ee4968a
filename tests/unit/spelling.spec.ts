import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {test, expect} from '@playwright/test';

import {docsTexts, misspellings, projectRoot, servedContractTexts} from '../../checks/spelling';

/** The writers' spelling check (cspell.config.yaml), over the docs and the contract's descriptions. */
test('the docs and the contract’s descriptions have no unknown word', async () => {
  const texts = [...docsTexts(), ...servedContractTexts()];
  expect(texts.filter((text) => text.where.startsWith('docs/')).length).toBeGreaterThanOrEqual(20);
  expect(texts.filter((text) => text.where.startsWith('static/')).length).toBeGreaterThan(300);
  const found = await misspellings(texts);
  expect(found.map(({where, word, context}) => `${where}: "${word}" in: ${context}`)).toEqual([]);
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
