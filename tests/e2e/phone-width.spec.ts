import {test, expect, waitForHydration} from './fixtures';
import {findTextOverflows} from './textOverflow';

/**
 * At phone width (390 px, an iPhone 12 to 16), no text may be cut off. Every page is checked where it
 * is scanned for accessibility (accessibility.spec.ts), at 390 px; this file proves the check finds
 * what it is meant to find.
 */
const phone = {width: 390, height: 844};

test.describe('at phone width', () => {
  test.use({viewport: phone});

  test('the check finds text cut off by an ellipsis and text wider than the screen', async ({page}) => {
    await page.goto('/markdown-page');
    await waitForHydration(page);
    await page.evaluate(() => {
      const cut = document.createElement('p');
      cut.style.cssText = 'width: 80px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap';
      cut.textContent = 'A title much too long for eighty pixels';
      const wide = document.createElement('p');
      wide.style.whiteSpace = 'nowrap';
      wide.textContent = 'https://developer.carrier.example/an/address/with/no/place/to/break/at/all';
      document.querySelector('main')!.append(cut, wide);
    });
    const reasons = (await page.evaluate(findTextOverflows)).map((overflow) => `${overflow.text}: ${overflow.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([expect.stringMatching(/^A title much too long.*is clipped by p/), expect.stringMatching(/^https:\/\/developer.*runs out of its block p/)]),
    );
  });
});
