import {test, expect} from '@playwright/test';

import {startSandboxServer, tokenFrom} from '../../../scripts/sandbox/process';

/** `npm run sandbox`'s server: port from PORT, open CORS with preflight, a log line per request, clean Ctrl-C. */
test('the sandbox server answers CORS preflights, logs each request and stops cleanly on Ctrl-C', async () => {
  const sandbox = await startSandboxServer();
  expect(sandbox.log.join('\n')).toContain(`listening on http://localhost:${new URL(sandbox.baseUrl).port}`);

  const preflight = await fetch(`${sandbox.baseUrl}/order/pickup/request`, {
    method: 'OPTIONS',
    headers: {origin: 'https://integrator.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type'},
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);

  const token = await tokenFrom(sandbox.baseUrl);
  const answer = await fetch(`${sandbox.baseUrl}/tracking/pickup?pickupNumber=PU7731042`, {headers: {authorization: `Bearer ${token}`, origin: 'https://integrator.example'}});
  expect(answer.status).toBe(200);
  expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  await expect.poll(() => sandbox.log.filter((line) => / GET \/tracking\/pickup\?pickupNumber=PU7731042 200 /.test(line)).length).toBe(1);
  expect(sandbox.log.filter((line) => / POST \/authentication\/user\/token 200 /.test(line))).toHaveLength(1);

  expect(await sandbox.stop()).toBe(0);
  expect(sandbox.log.join('\n')).toContain('sandbox: stopping');
});

test('SANDBOX_TOKEN_TTL shortens the tokens it issues', async () => {
  const sandbox = await startSandboxServer({SANDBOX_TOKEN_TTL: '1', SANDBOX_QUIET: '1'});
  try {
    const answer = await fetch(`${sandbox.baseUrl}/authentication/user/token`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({id: 'ttl', pw: 's3cure-Passw0rd'})});
    const {access_token: token, expires_in: expiresIn} = (await answer.json()) as {access_token: string; expires_in: number};
    expect(expiresIn).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const late = await fetch(`${sandbox.baseUrl}/tracking/pickup?pickupNumber=PU7731042`, {headers: {authorization: `Bearer ${token}`}});
    expect(late.status).toBe(401);
  } finally {
    await sandbox.stop();
  }
});
