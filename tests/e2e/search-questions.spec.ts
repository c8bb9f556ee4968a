import {test, expect, waitForHydration} from './fixtures';

/**
 * Questions as a carrier's customer types them, not as our headings read, each with the page that
 * answers it. The guides and the API reference answer before the Changelog, which never shows in
 * the first five: all but two questions get their page first (12 of 14), and every one in the first five.
 */
// A result names its page in its breadcrumb and title ("Tutorial › Guides › Pickups › Cancel a pickup").
const pageNamed = (name: string) => new RegExp(`(^|› )${name}( ›|$)`);
const questions: readonly {question: string; answeredBy: RegExp}[] = [
  {question: 'cancel a pickup', answeredBy: pageNamed('Pickups')},
  {question: 'change the pickup date', answeredBy: pageNamed('Pickups')},
  {question: 'pickup number changed', answeredBy: pageNamed('Pickups')},
  {question: 'where is my shipment', answeredBy: pageNamed('Tracking')},
  {question: 'proof of delivery', answeredBy: pageNamed('Agent probill handling')},
  {question: 'estimated arrival', answeredBy: pageNamed('Transit ETA')},
  {question: 'how much will shipping cost', answeredBy: pageNamed('Rate quotes')},
  {question: 'freight class', answeredBy: pageNamed('Rate quotes')},
  {question: 'liftgate', answeredBy: pageNamed('Rate quotes')},
  {question: 'inventory on hand', answeredBy: pageNamed('Inventory inquiry')},
  {question: 'bill of lading', answeredBy: pageNamed('BOL with pickup')},
  {question: 'download invoice', answeredBy: pageNamed('Documents')},
  {question: 'warehouse receipt', answeredBy: pageNamed('Warehouse shipments and receipts')},
  {question: 'token expired', answeredBy: pageNamed('(Authentication|Getting started)')},
];

test('the guides answer an integrator’s questions before anything else, the Changelog least of all', async ({page}) => {
  test.slow();
  await page.goto('/');
  await waitForHydration(page);
  const ranks: string[] = [];
  let firsts = 0;
  for (const {question, answeredBy} of questions) {
    await page.getByLabel('Search', {exact: true}).click();
    const box = page.getByRole('combobox', {name: 'Search'});
    await box.fill(question);
    await expect(page.getByRole('option').first()).toBeVisible();
    const targets = await page
      .getByRole('option')
      .evaluateAll((options) =>
        options.slice(0, 5).map((option) => {
          const part = (name: string) => option.querySelector(`[class^="${name}"]`)?.textContent?.trim() ?? '';
          return part('hitPath') ? `${part('hitPath')} › ${part('hitTitle')}` : part('hitTitle');
        }),
      );
    const rank = targets.findIndex((where) => answeredBy.test(where));
    ranks.push(`${question}: ${rank === -1 ? 'not in the first five' : `#${rank + 1}`} (${targets.join(', ')})`);
    firsts += rank === 0 ? 1 : 0;
    // A release's entries are named by its title ("1.0.12: documentation edits only").
    expect(targets.filter((where) => /\d+\.\d+\.\d+: /.test(where)), `${question}: changelog entries in the first five`).toEqual([]);
    await box.fill('');
    await page.keyboard.press('Escape');
  }
  expect(ranks.filter((line) => line.includes('not in the first five')), ranks.join('\n')).toEqual([]);
  expect(firsts, ranks.join('\n')).toBeGreaterThanOrEqual(questions.length - 2);
});
