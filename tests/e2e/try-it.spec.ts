import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';

import type {Locator, Page} from '@playwright/test';

import {createSandbox, memoryStore} from '../../sandbox/engine/engine';
import {loadContract} from '../../sandbox/process';
import {sandboxServer} from '../../sandbox/program/httpServer';
import {test, expect, axeViolations, colourRules, openInMode, requestsToOtherHosts, scrollToEachOperationUntil, switchColourMode, waitForHydration} from './fixtures';

/**
 * The try-it console (src/components/TryIt, src/components/TryItConsole), driven as an integrator
 * drives it: by its buttons and labelled fields, on the pickups guide and on /api/.
 */

const pickupsGuide = '/docs/guides/pickups';
const consoleChunk = /try-it-console/;

async function openConsole(page: Page, summary: string): Promise<Locator> {
  const button = page.getByRole('button', {name: `Try it: ${summary}`});
  if ((await button.count()) === 0) {
    // On /api/, a button is placed when its operation nears the viewport.
    await page.locator('[id^="operation/"] h2').filter({hasText: summary}).first().scrollIntoViewIfNeeded();
  }
  await button.click();
  const panel = page.getByRole('group', {name: `Console: ${summary}`});
  await expect(panel.getByRole('button', {name: 'Send request'})).toBeEnabled();
  return panel;
}

/** Sends and returns the answer once a new one is shown (each console keeps only its last). */
async function send(panel: Locator): Promise<{status: string; body: Record<string, unknown> | undefined}> {
  const response = panel.getByRole('region', {name: 'Response'});
  // Counted, not compared: two answers in a row can read the same, to the millisecond.
  const outcomes = Number(await response.getAttribute('data-outcomes'));
  await panel.getByRole('button', {name: 'Send request'}).click();
  await expect(response).toHaveAttribute('data-outcomes', String(outcomes + 1));
  const status = (await response.locator('[data-status]').textContent()) ?? '';
  const code = response.locator('pre code');
  const bodyText = (await code.count()) > 0 ? await code.textContent() : null;
  return {status, body: bodyText ? JSON.parse(bodyText) : undefined};
}

async function editBody(panel: Locator, change: (body: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  const field = panel.getByLabel('Request body');
  await field.fill(JSON.stringify(change(JSON.parse(await field.inputValue())), null, 2));
}

test.describe('Try it in the guides', () => {
  test('the pickup story across two consoles, kept through a reload, and started over by Reset sandbox; nothing leaves the site', async ({page, baseURL}) => {
    // Four consoles, eight calls and a reload.
    test.slow();
    const offSite = requestsToOtherHosts(page, baseURL!);
    await page.goto(pickupsGuide);
    await waitForHydration(page);

    const request = await openConsole(page, 'Request a pickup');
    const requested = await send(request);
    expect(requested.status).toBe('201 Created');
    const firstNumber = requested.body?.pickupNumber as string;
    expect(firstNumber).toMatch(/^PU\d+$/);
    // Under the status, the open questions the answer relied on, each linked to its row of the register.
    const relied = request.getByText(/^Relied on these \d+ open questions/);
    await expect(relied.getByRole('link', {name: 'pickuprequest', exact: true})).toHaveAttribute('href', '/docs/guides/open-questions#pickuprequest');
    // The console fetched a sandbox token for itself and shows it for editing.
    await expect(request.getByLabel('Bearer token')).toHaveValue(/^ey/);

    const reschedule = await openConsole(page, 'Reschedule a pickup');
    await editBody(reschedule, (body) => ({...body, pickupNumber: firstNumber}));
    const rescheduled = await send(reschedule);
    expect(rescheduled.status).toBe('200 OK');
    const secondNumber = rescheduled.body?.pickupNumber as string;
    expect(secondNumber).toMatch(/^PU\d+$/);
    expect(secondNumber).not.toBe(firstNumber);

    // The sandbox lives in sessionStorage: after a reload the old number is gone and the renumbered
    // pickup is still there, and can be rescheduled again.
    await page.reload();
    await waitForHydration(page);
    const cancel = await openConsole(page, 'Cancel a pickup');
    await editBody(cancel, (body) => ({...body, pickupNumber: firstNumber}));
    expect((await send(cancel)).status).not.toMatch(/^2/);
    const again = await openConsole(page, 'Reschedule a pickup');
    await editBody(again, (body) => ({...body, pickupNumber: secondNumber}));
    const renumbered = await send(again);
    expect(renumbered.status).toBe('200 OK');
    const thirdNumber = renumbered.body?.pickupNumber as string;

    // Reset sandbox: the pickups made in this tab are gone. Without it, cancelling the live third
    // number would answer 200.
    await cancel.getByRole('button', {name: 'Reset sandbox'}).click();
    await expect(cancel.getByRole('status').filter({hasText: 'starts over'})).toBeVisible();
    await editBody(cancel, (body) => ({...body, pickupNumber: thirdNumber}));
    expect((await send(cancel)).status).not.toMatch(/^2/);

    // The sandbox token is kept for the tab only: sessionStorage, never localStorage.
    const token = await cancel.getByLabel('Bearer token').inputValue();
    const stored = await page.evaluate(() => ({local: JSON.stringify({...localStorage}), session: JSON.stringify({...sessionStorage})}));
    expect(stored.local).not.toContain(token.slice(-20));
    expect(offSite).toEqual([]);
  });

  test('an invalid body is flagged before sending, and the sandbox answers 400 with the contract\'s message', async ({page}) => {
    await page.goto(pickupsGuide);
    await waitForHydration(page);
    const reschedule = await openConsole(page, 'Reschedule a pickup');
    await expect(reschedule.getByText('The request follows the contract.')).toBeVisible();
    await editBody(reschedule, (body) => ({...body, pickupNumber: ''}));
    await expect(reschedule.getByText('pickupNumber should not be empty')).toBeVisible();
    await expect(reschedule.getByLabel('Request body')).toHaveAttribute('aria-invalid', 'true');
    const answer = await send(reschedule);
    expect(answer.status).toBe('400 Bad Request');
    expect(answer.body?.message).toContain('pickupNumber should not be empty');

    await reschedule.getByLabel('Request body').fill('{"pickupNumber": ');
    await expect(reschedule.getByText(/not valid JSON/)).toBeVisible();

    // Closed and opened again, the console shows the request as it was left, and its last answer.
    await reschedule.getByRole('button', {name: 'Close'}).click();
    await expect(reschedule).toHaveCount(0);
    const reopened = await openConsole(page, 'Reschedule a pickup');
    await expect(reopened.getByLabel('Request body')).toHaveValue('{"pickupNumber": ');
    await expect(reopened.getByRole('region', {name: 'Response'})).toContainText('400 Bad Request');
  });

  test('a console whose code fails to load says so, and "Load it again" loads it', async ({page, expectConsoleErrors}) => {
    expectConsoleErrors(/Failed to load resource/, /Loading chunk|ChunkLoadError/);
    await page.goto(pickupsGuide);
    await waitForHydration(page);
    await page.route(consoleChunk, (route) => route.abort());
    await page.getByRole('button', {name: 'Try it: Request a pickup'}).click();
    const problem = page.getByRole('alert').filter({hasText: 'The console could not load'});
    await expect(problem).toBeVisible();
    await page.unroute(consoleChunk);
    await problem.getByRole('button', {name: 'Load it again'}).click();
    await expect(page.getByRole('group', {name: 'Console: Request a pickup'}).getByRole('button', {name: 'Send request'})).toBeEnabled();
  });

  test('the console and the sandbox engine are not loaded until a Try it is pressed', async ({page}) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') {
        scripts.push(request.url());
      }
    });
    for (const path of [pickupsGuide, '/api/']) {
      scripts.length = 0;
      await page.goto(path);
      await waitForHydration(page);
      expect(scripts.length, `scripts of ${path}`).toBeGreaterThan(0);
      expect(scripts.filter((url) => consoleChunk.test(url)), `first load of ${path}`).toEqual([]);
    }
    await openConsole(page, 'Request a pickup');
    expect(scripts.filter((url) => consoleChunk.test(url))).not.toEqual([]);
  });
});

test.describe('Try it on /api/', () => {
  // One visit for what two took (a load and a scroll through the whole reference are most of either):
  // the colour mode changes once before the reader scrolls, and once after every button is placed.
  test('every operation has a Try it, placed as it nears the screen after a change of colour mode and kept through another; an open console stays open through both, and a console answers', async ({page, baseURL}) => {
    test.slow();
    const offSite = requestsToOtherHosts(page, baseURL!);
    await page.goto('/api/');
    await waitForHydration(page);
    const operations = Object.values(loadContract().paths as Record<string, Record<string, {operationId: string; summary: string}>>).flatMap((item) => Object.values(item));
    const buttons = page.getByRole('button', {name: /^Try it: /});
    // Buttons are placed as their operations near the viewport: none far below it after load.
    expect(await buttons.count()).toBeLessThan(operations.length);
    const first = await openConsole(page, operations[0].summary);
    await expect(page.getByRole('button', {name: `Try it: ${operations[operations.length - 1].summary}`})).toHaveCount(0);

    // Before scrolling, Redoc renders every operation again with its dark theme.
    await switchColourMode(page, 'dark');

    // Down the page as a reader scrolls: each operation is scrolled to until its button is placed.
    const unplaced = await scrollToEachOperationUntil(page, {has: '[data-try-it-host] button'}, operations.map(({operationId}) => operationId));
    expect(unplaced, 'operations whose Try it was not placed within 15 s of scrolling to them').toEqual([]);
    // Each named for its operation, and right under the operation's heading: one query of the page's
    // roles for all of them (one a button took about 0.3 s on this page).
    const placed = await buttons.evaluateAll((elements) =>
      elements.map((element) => ({name: element.getAttribute('aria-label'), heading: element.closest('[data-try-it-host]')?.previousElementSibling?.textContent?.trim()})),
    );
    const byName = (a: {name: string | null}, b: {name: string | null}) => String(a.name).localeCompare(String(b.name));
    expect(placed.sort(byName)).toEqual(operations.map(({summary}) => ({name: `Try it: ${summary}`, heading: summary})).sort(byName));

    // Redoc renders again, now with its light theme; the buttons and the open console must survive it.
    await switchColourMode(page, 'light');
    await expect(buttons).toHaveCount(operations.length);
    await expect(first.getByRole('button', {name: 'Send request'})).toBeEnabled();

    const panel = await openConsole(page, 'Track a pickup');
    const answer = await send(panel);
    expect(answer.status).toBe('200 OK');
    expect(offSite).toEqual([]);
  });
});

test.describe('the console in both colour modes and at both widths', () => {
  for (const path of [pickupsGuide, '/api/']) {
    // One load for both modes and both widths: the console is checked at 1280px and in the window
    // narrowed to 390px, as a reader who narrows it finds it (its layout follows the width by CSS
    // alone, and no rule of the site's CSS sets a colour by width, accessibility.spec.ts), then in dark
    // mode after the navbar's toggle, where only colours change, so only the colour rules are read.
    test(`${path}: an open console with an answer has no axe violations and fits, at 1280px and narrowed to 390px, in light mode and after the toggle to dark`, async ({page}) => {
      if (path === '/api/') {
        test.slow();
      }
      await openInMode(page, path, 'light', 1280);
      const panel = await openConsole(page, 'Request a pickup');
      await panel.getByRole('radio', {name: /Another server/}).check();
      await panel.getByRole('textbox', {name: 'Base URL'}).fill('not a url');
      await panel.getByRole('radio', {name: /In-browser sandbox/}).check();
      await editBody(panel, (body) => ({...body, pickupWindow: 'tomorrow'}));
      await send(panel);
      await panel.getByText('Headers', {exact: false}).first().click();
      await panel.getByText('Request as curl').click();
      const consoleSelector = '[data-try-it="requestPickup"]';
      for (const width of [1280, 390]) {
        await page.setViewportSize({width, height: 900});
        await panel.scrollIntoViewIfNeeded();
        expect(await axeViolations(page, {include: consoleSelector}), `light ${width}px`).toEqual([]);
        const box = await panel.boundingBox();
        expect(box!.x, `${width}px`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${width}px`).toBeLessThanOrEqual(width);
      }
      await page.setViewportSize({width: 1280, height: 900});
      await switchColourMode(page, 'dark');
      await panel.scrollIntoViewIfNeeded();
      expect(await axeViolations(page, {include: consoleSelector, rules: colourRules}), 'dark 1280px').toEqual([]);
    });
  }
});

test.describe('Try it against a server', () => {
  let server: Server;
  let serverUrl: string;
  const calls: {method?: string; url?: string; authorization?: string}[] = [];
  let plainServer: Server;
  let plainUrl: string;
  // A server that holds each answer until the test lets it go, allowing this site's calls.
  let slowServer: Server;
  let slowUrl: string;
  const slowCalls: string[] = [];
  let answerSlowCalls: () => void = () => {};

  test.beforeAll(async () => {
    const sandbox = createSandbox({contract: loadContract(), store: memoryStore(), clock: () => new Date()});
    const handler = sandboxServer(sandbox);
    // The sandbox program's server, on a free port, noting what each call carried.
    server = createServer((request, response) => {
      calls.push({method: request.method, url: request.url, authorization: request.headers.authorization});
      handler.emit('request', request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // A server that answers but allows no other origin: the browser hides its answers from the page.
    plainServer = createServer((_request, response) => response.end('{}'));
    await new Promise<void>((resolve) => plainServer.listen(0, '127.0.0.1', resolve));
    plainUrl = `http://127.0.0.1:${(plainServer.address() as AddressInfo).port}`;
    const held = new Promise<void>((resolve) => (answerSlowCalls = resolve));
    slowServer = createServer((request, response) => {
      response.setHeader('Access-Control-Allow-Origin', '*');
      response.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      if (request.method === 'OPTIONS') {
        response.end();
        return;
      }
      slowCalls.push(`${request.method} ${request.url}`);
      void held.then(() => response.setHeader('Content-Type', 'application/json').end('{"held": true}'));
    });
    await new Promise<void>((resolve) => slowServer.listen(0, '127.0.0.1', resolve));
    slowUrl = `http://127.0.0.1:${(slowServer.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    server.close();
    plainServer.close();
    slowServer.close();
  });

  test('credentials typed for one server are not shown to, or sent to, another', async ({page}) => {
    await page.goto(pickupsGuide);
    await waitForHydration(page);
    const panel = await openConsole(page, 'Request a pickup');
    await panel.getByRole('radio', {name: /Another server/}).check();
    const baseUrl = panel.getByRole('textbox', {name: 'Base URL'});
    await baseUrl.fill(serverUrl);
    const examplePassword = await panel.getByLabel('Password').inputValue();
    await panel.getByLabel('Account id').fill('account-for-a');
    await panel.getByLabel('Password').fill('typed-for-a');

    await baseUrl.fill(plainUrl);
    await expect(panel.getByLabel('Account id')).not.toHaveValue('account-for-a');
    await expect(panel.getByLabel('Password')).toHaveValue(examplePassword);

    // Back on the first server, what was typed for it is there again.
    await baseUrl.fill(serverUrl);
    await expect(panel.getByLabel('Password')).toHaveValue('typed-for-a');
  });

  test('a request in flight when its console closes is answered in the reopened console, and is not sent twice', async ({page}) => {
    await page.goto(pickupsGuide);
    await waitForHydration(page);
    const panel = await openConsole(page, 'Reschedule a pickup');
    await panel.getByRole('radio', {name: /Another server/}).check();
    await panel.getByRole('textbox', {name: 'Base URL'}).fill(slowUrl);
    await panel.getByLabel('Bearer token').fill('any');
    await panel.getByRole('button', {name: 'Send request'}).click();
    await expect(panel.getByRole('button', {name: 'Sending…'})).toBeDisabled();
    await expect.poll(() => slowCalls.length).toBe(1);

    await panel.getByRole('button', {name: 'Close'}).click();
    await page.getByRole('button', {name: 'Try it: Reschedule a pickup'}).click();
    await expect(panel.getByRole('button', {name: 'Sending…'})).toBeDisabled();

    answerSlowCalls();
    await expect(panel.getByRole('region', {name: 'Response'}).locator('[data-status]')).toHaveText('200 OK');
    await expect(panel.getByRole('button', {name: 'Send request'})).toBeEnabled();
    expect(slowCalls).toEqual(['POST /order/pickup/reschedule']);
  });

  test('Get a token asks the typed server, whose token then goes with the calls to it and nowhere else', async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(pickupsGuide);
    await waitForHydration(page);
    const panel = await openConsole(page, 'Request a pickup');
    await panel.getByRole('radio', {name: /Another server/}).check();
    await panel.getByRole('textbox', {name: 'Base URL'}).fill(serverUrl);
    await expect(panel.getByLabel('Bearer token')).toHaveValue('');
    await panel.getByRole('button', {name: 'Get a token'}).click();
    await expect(panel.getByText(/Token received/)).toBeVisible();
    const token = await panel.getByLabel('Bearer token').inputValue();
    expect(token).toMatch(/^ey/);
    expect((await send(panel)).status).toBe('201 Created');
    // Only what was asked for reached the server: the token call and the send (each after the
    // browser's CORS preflight), the second one carrying the token.
    const asked = calls.filter((call) => call.method !== 'OPTIONS');
    expect(asked.map((call) => `${call.method} ${call.url} ${call.authorization ?? '-'}`)).toEqual([
      'POST /authentication/user/token -',
      `POST /order/pickup/request Bearer ${token}`,
    ]);

    // Copy as curl gives the request that was sent, to this server, with its token.
    await panel.getByRole('button', {name: 'Copy as curl'}).click();
    await expect(panel.getByText('Copied the request as a curl command.')).toBeVisible();
    const curl = await page.evaluate(() => navigator.clipboard.readText());
    expect(curl).toContain(`curl --request POST '${serverUrl}/order/pickup/request'`);
    expect(curl).toContain(`--header 'Authorization: Bearer ${token}'`);
    expect(curl).toContain(`"bol": "BOL-2025-0426"`);

    // The target is the tab's, not one console's: another console sends to the same server.
    const other = await openConsole(page, 'Cancel a pickup');
    await expect(other.getByRole('radio', {name: /Another server/})).toBeChecked();
    await expect(other.getByRole('textbox', {name: 'Base URL'})).toHaveValue(serverUrl);
    await expect(other.getByLabel('Bearer token')).toHaveValue(token);

    // Back on the in-browser sandbox, that token is not the one shown or sent.
    await panel.getByRole('radio', {name: /In-browser sandbox/}).check();
    await expect(panel.getByLabel('Bearer token')).not.toHaveValue(token);
  });

  test('a server that allows no cross-origin call gets an explanation, not a silent failure', async ({page, expectConsoleErrors}) => {
    expectConsoleErrors(/CORS policy/, /Failed to load resource/);
    await page.goto(pickupsGuide);
    await waitForHydration(page);
    const panel = await openConsole(page, 'Reschedule a pickup');
    await panel.getByRole('radio', {name: /Another server/}).check();
    await panel.getByRole('textbox', {name: 'Base URL'}).fill(plainUrl);
    await panel.getByLabel('Bearer token').fill('any');
    await panel.getByRole('button', {name: 'Send request'}).click();
    await expect(panel.getByRole('region', {name: 'Response'})).toContainText('does not allow calls from this page (CORS)');
  });
});

test.describe('after Send: focus kept, and a request that can be ended', () => {
  // The sandbox program's server, which holds the pickup request's answer until the test lets it go:
  // the in-flight state is always there to check, however fast the machine.
  let heldServer: Server;
  let heldUrl: string;
  let gate: Promise<void> | undefined;
  let openGate = () => {};
  const heldCalls: string[] = [];

  test.beforeAll(async () => {
    const handler = sandboxServer(createSandbox({contract: loadContract(), store: memoryStore(), clock: () => new Date()}));
    heldServer = createServer((request, response) => {
      if (request.method === 'POST' && request.url === '/order/pickup/request' && gate) {
        heldCalls.push(request.url);
        void gate.then(() => handler.emit('request', request, response));
        return;
      }
      handler.emit('request', request, response);
    });
    await new Promise<void>((resolve) => heldServer.listen(0, '127.0.0.1', resolve));
    heldUrl = `http://127.0.0.1:${(heldServer.address() as AddressInfo).port}`;
  });
  test.beforeEach(() => {
    heldCalls.length = 0;
    gate = new Promise((resolve) => (openGate = resolve));
  });
  test.afterEach(() => openGate());
  test.afterAll(() => {
    heldServer.closeAllConnections();
    heldServer.close();
  });

  /** Counts, from now on, every animation frame and focus move that leaves focus on <body>. */
  async function watchForFocusOnBody(page: Page): Promise<() => Promise<number>> {
    await page.evaluate(() => {
      const state = window as unknown as {focusOnBody: number};
      state.focusOnBody = 0;
      const onBody = () => document.activeElement === null || document.activeElement === document.body;
      const everyFrame = () => {
        state.focusOnBody += onBody() ? 1 : 0;
        requestAnimationFrame(everyFrame);
      };
      requestAnimationFrame(everyFrame);
      document.addEventListener('focusout', () => setTimeout(() => (state.focusOnBody += onBody() ? 1 : 0)), true);
    });
    return () => page.evaluate(() => (window as unknown as {focusOnBody: number}).focusOnBody);
  }

  async function tabUntilFocused(page: Page, target: Locator): Promise<void> {
    for (let presses = 0; presses < 40 && !(await target.evaluate((element) => element === document.activeElement)); presses++) {
      await page.keyboard.press('Tab');
    }
    await expect(target).toBeFocused();
  }

  /**
   * With the keyboard alone: opens the console under the focused Try it, points it at the held
   * server ("Another server", arrow keys in the radio group) and gets a token there.
   */
  async function openOnHeldServerByKeyboard(page: Page, tryIt: Locator, summary: string): Promise<Locator> {
    await tryIt.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('group', {name: `Console: ${summary}`});
    const anotherServer = panel.getByRole('radio', {name: /Another server/});
    await tabUntilFocused(page, panel.getByRole('radio', {name: /In-browser sandbox/}));
    while (!(await anotherServer.isChecked())) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(anotherServer).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('textbox', {name: 'Base URL'})).toBeFocused();
    await page.keyboard.type(heldUrl);
    await tabUntilFocused(page, panel.getByRole('button', {name: 'Get a token'}));
    await page.keyboard.press('Enter');
    await expect(panel.getByText(/Token received/)).toBeVisible();
    return panel;
  }

  test('keyboard alone: Enter opens, Tab reaches Send, Enter sends, focus stays through the answer, Escape closes and gives focus back', async ({page}) => {
    await page.goto(pickupsGuide);
    await waitForHydration(page);
    const tryIt = page.getByRole('button', {name: 'Try it: Request a pickup'});
    const panel = await openOnHeldServerByKeyboard(page, tryIt, 'Request a pickup');
    const focusOnBody = await watchForFocusOnBody(page);
    const sendButton = panel.getByRole('button', {name: 'Send request'});
    await tabUntilFocused(page, sendButton);
    await page.keyboard.press('Enter');

    // In flight: the same button keeps focus, says it is sending and takes no second press.
    const sending = panel.getByRole('button', {name: 'Sending…'});
    await expect(sending).toBeFocused();
    await expect(sending).toBeDisabled();
    await expect.poll(() => heldCalls.length).toBe(1);
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('button', {name: 'Cancel'})).toBeVisible();
    await expect(panel.getByRole('status').filter({hasText: 'gives up after 30 s'})).toBeVisible();

    openGate();
    await expect(panel.getByRole('region', {name: 'Response'}).locator('[data-status]')).toHaveText('201 Created');
    await expect(sendButton).toBeFocused();
    await expect(panel.getByRole('status').filter({hasText: /^Answered 201 Created/})).toBeVisible();
    expect(heldCalls).toHaveLength(1);
    expect(await focusOnBody()).toBe(0);

    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(tryIt).toBeFocused();
    await expect(tryIt).toHaveAttribute('aria-expanded', 'false');
  });

  test('on /api/: Cancel ends a request that never answers, and focus goes back to Send, never to <body>', async ({page}) => {
    test.slow();
    await page.goto('/api/');
    await waitForHydration(page);
    const tryIt = page.getByRole('button', {name: 'Try it: Request a pickup'});
    await expect(async () => {
      await page.locator('[id="operation/requestPickup"]').scrollIntoViewIfNeeded();
      await expect(tryIt).toBeVisible({timeout: 1_000});
    }).toPass();
    const panel = await openOnHeldServerByKeyboard(page, tryIt, 'Request a pickup');
    const focusOnBody = await watchForFocusOnBody(page);
    const sendButton = panel.getByRole('button', {name: 'Send request'});
    await tabUntilFocused(page, sendButton);
    await page.keyboard.press('Enter');
    await expect.poll(() => heldCalls.length).toBe(1);

    // Tab to Cancel and press it: the answer area says the request was ended, focus is back on Send.
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', {name: 'Cancel'})).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('region', {name: 'Response'})).toContainText(/Cancelled after [\d.]+ s: the server at .* had not answered\. The request may still have reached the server/);
    await expect(sendButton).toBeFocused();
    await expect(panel.getByRole('button', {name: 'Cancel'})).toHaveCount(0);

    // Sent again and left on Cancel when the answer comes: Cancel goes, focus moves to Send.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', {name: 'Cancel'})).toBeFocused();
    openGate();
    await expect(panel.getByRole('region', {name: 'Response'}).locator('[data-status]')).toHaveText('201 Created');
    await expect(sendButton).toBeFocused();
    expect(await focusOnBody()).toBe(0);

    // Escape from inside the answer closes the console too.
    await panel.getByRole('region', {name: 'Response'}).getByText(/^Headers/).focus();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(tryIt).toBeFocused();
  });
});
