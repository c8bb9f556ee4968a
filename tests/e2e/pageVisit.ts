import type {Page} from '@playwright/test';

/**
 * Checks of one page that need only the page as a reader loads it. The tour of accessibility.spec.ts
 * makes them on the visit it already pays for: a load of a page costs about 1.5 s of CPU in
 * Chromium (a guide, idle, 2026-12-02), and each page was loaded once for each of them before.
 */

/** Starts keeping the bodies of the scripts the page runs from now on; the returned call awaits them. */
export function keepScripts(page: Page): () => Promise<{url: string; body: string}[]> {
  const responses: Promise<{url: string; body: string}>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      responses.push(response.text().then((body) => ({url: response.url(), body})));
    }
  });
  return () => Promise.all(responses);
}

// Every operation of the spec has an operationId; no guide or page text names that key.
export const carriesTheContract = (body: string) => /operationId["']?:["']/.test(body);

// Prism's utilities, as every build of it names them (prism-react-renderer bundles the same core).
export const carriesPrism = (body: string) => body.includes('DFS:function');

/**
 * What page weight allows a page other than /api/: the contract is 170 KB of JSON, and only the API
 * reference needs it in the browser; code blocks keep the server's highlighting, so no Prism runs.
 */
export function scriptWeightProblems(scripts: {url: string; body: string}[]): string[] {
  if (scripts.length === 0) return ['no script ran'];
  return [
    ...scripts.filter((script) => carriesTheContract(script.body)).map((script) => `carries the contract: ${script.url}`),
    ...scripts.filter((script) => carriesPrism(script.body)).map((script) => `carries Prism: ${script.url}`),
  ];
}

/** A guide's blocks rendered from the contract: there are some, their tables have rows, their value lists values. */
export function contractBlockProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const blocks = [...document.querySelectorAll('article [data-contract]')];
    const problems = blocks.length === 0 ? ['no block rendered from the contract'] : [];
    for (const table of document.querySelectorAll('article [data-contract] table')) {
      if (table.querySelectorAll('tbody tr').length === 0) problems.push(`an empty table: ${table.textContent?.slice(0, 80)}`);
    }
    for (const list of document.querySelectorAll('article [data-contract="EnumValues"] ul')) {
      if (list.querySelectorAll('li').length < 2) problems.push(`a list of values with fewer than two: ${list.textContent?.slice(0, 80)}`);
    }
    return problems;
  });
}

/**
 * Field lists wider than their column, so that a description is reached by scrolling sideways (the
 * lists are CSS lists that wrap, src/css/custom.css).
 */
export function fieldListOverflows(page: Page): Promise<string[]> {
  return page.locator('article .field-list').evaluateAll((elements) =>
    elements.flatMap((element) => {
      const article = element.closest('article')!.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      const wider = element.scrollWidth > element.clientWidth + 1 || box.right > article.right + 1;
      return wider ? [`field list ${element.getAttribute('aria-label')}: ${Math.round(box.width)}px in ${Math.round(article.width)}px`] : [];
    }),
  );
}

/**
 * Tables that do not fit their column: each must fit, or have become a list of rows (src/css/custom.css,
 * "Tables"), with no cell wider than the column and no rule that breaks a word to fit. Tables in a
 * closed `<details>` are measured opened, then closed again.
 */
export function tableOverflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const closed = [...document.querySelectorAll('main details:not([open])')] as HTMLDetailsElement[];
    closed.forEach((details) => (details.open = true));
    const problems: string[] = [];
    for (const table of document.querySelectorAll('main table')) {
      const column = (table.closest('article') ?? table.closest('main'))!.getBoundingClientRect();
      const frame = table.parentElement!;
      const name = table.getAttribute('aria-label') ?? [...table.querySelectorAll('th')].map((heading) => heading.textContent).join(' | ');
      const layout = getComputedStyle(table).display === 'table' ? 'a table' : 'a list';
      const widest = Math.max(table.scrollWidth, ...[...table.querySelectorAll('td')].map((cell) => cell.scrollWidth + cell.getBoundingClientRect().left - table.getBoundingClientRect().left));
      if (frame.scrollWidth > frame.clientWidth + 1 || table.getBoundingClientRect().left + widest > column.right + 1) {
        problems.push(`table "${name}" is ${layout} ${Math.round(widest)}px wide in a ${Math.round(column.width)}px column: shorten its widest cell, or change where tables become lists (src/css/custom.css, "Tables")`);
      }
      const breaking = [table, ...table.querySelectorAll('*')].find((element) => {
        const style = getComputedStyle(element);
        return ['anywhere', 'break-word'].includes(style.overflowWrap) || ['break-all', 'break-word'].includes(style.wordBreak);
      });
      if (breaking) {
        problems.push(`table "${name}" breaks words to fit (${breaking.tagName.toLowerCase()}${breaking.className ? `.${String(breaking.className).split(' ')[0]}` : ''}): a table fits or becomes a list, with words whole`);
      }
    }
    closed.forEach((details) => (details.open = false));
    return problems;
  });
}
