/** `npm run spellcheck`: the spelling check of checks/spelling.ts, one line per unknown word; exits 1 on any. */
import {docsTexts, misspellings, servedContractTexts} from '../../checks/spelling';

misspellings([...docsTexts(), ...servedContractTexts()])
  .then((found) => {
    for (const {where, word, context} of found) {
      console.log(`${where}: unknown word "${word}" in: ${context}`);
    }
    console.log(found.length === 0 ? 'spellcheck: no unknown word' : `spellcheck: ${found.length} unknown words; see cspell.config.yaml to allow one`);
    process.exit(found.length === 0 ? 0 : 1);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
