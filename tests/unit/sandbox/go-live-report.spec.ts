import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';

import {startSandboxServer, tokenFrom} from '../../../sandbox/process';
import {provider} from '../../../src/settings/provider';

/**
 * The go-live report of the downloaded sandbox (issue 56): the three requests the issue names, the
 * report on demand while it runs, and written as it stops on Ctrl-C's signal (the CI recipe's SIGTERM
 * is tested in recipes.spec.ts).
 */
test('an empty pickup request, a negative ZIP code and PICKED_UP after a delivery: each answer names its questions, and the report lists them with their links, on demand and at Ctrl-C, in Markdown and JSON', async () => {
  const sandbox = await startSandboxServer({args: ['--quiet', '--report', 'go-live.md']});
  let stopped = false;
  try {
    const token = await tokenFrom(sandbox.baseUrl);
    const post = (route: string, body: unknown) =>
      fetch(`${sandbox.baseUrl}${route}`, {method: 'POST', headers: {'content-type': 'application/json', authorization: `Bearer ${token}`}, body: JSON.stringify(body)});
    const reliedOn = (answer: Response) => (answer.headers.get('x-sandbox-assumptions') ?? '').split(', ');
    expect(reliedOn(await post('/order/pickup/request', {}))).toContain('pickuprequest');
    expect(reliedOn(await post('/order/pickup/request', {pickupFrom: {zip: -5}}))).toContain('pickupparty-zip');
    await post('/agent/probill/pod', {probillNumber: 40512387, signerName: 'Dana Whitfield', eventTime: '2025-04-17T12:00:00Z', podImage: 'iVBORw0KGgo='});
    expect(reliedOn(await post('/agent/probill/status', {probillNumber: 40512387, status: 'PICKED_UP', eventTime: '2025-04-17T13:00:00Z'}))).toContain('postproofofdelivery');

    const register = `${provider.portalUrl}/docs/guides/open-questions`;
    const onDemand = await fetch(`${sandbox.baseUrl}/_sandbox/report`);
    expect(onDemand.headers.get('content-type')).toMatch(/^text\/markdown/);
    const markdown = await onDemand.text();
    for (const id of ['pickuprequest', 'pickupparty-zip', 'updateagentprobillstatus', 'postproofofdelivery']) {
      expect(markdown).toContain(`](${register}#${id})`);
    }
    expect(markdown).toContain('## Asked across the API');
    const json = (await (await fetch(`${sandbox.baseUrl}/_sandbox/report.json`)).json()) as {questions: {id: string; link: string; calls: Record<string, number>}[]};
    expect(json.questions.find((question) => question.id === 'pickuprequest')).toMatchObject({link: `${register}#pickuprequest`, calls: {'POST /order/pickup/request': 2}});

    expect(await sandbox.stop()).toBe(0);
    stopped = true;
    const written = readFileSync(path.join(sandbox.folder, 'go-live.md'), 'utf8');
    expect(written).toContain(`](${register}#pickupparty-zip)`);
    expect(existsSync(path.join(sandbox.folder, 'go-live.json'))).toBe(true);
  } finally {
    if (!stopped) await sandbox.stop();
  }
});
