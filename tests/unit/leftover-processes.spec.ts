import {spawn} from 'node:child_process';
import {test, expect} from '@playwright/test';

import {leftoverProcesses, testRunVariable} from '../leftoverProcesses';

test('npm test’s end check finds a process the suite left running, orphaned too, and nothing once it has ended', async () => {
  test.skip(leftoverProcesses('probe') === undefined, 'no /proc on this system: npm test says the check was not made');
  const mark = `unit-${process.pid}-${Date.now()}`;
  // Detached and unreferenced: as a server whose starting shell was ended, it belongs to no test any more.
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {detached: true, stdio: 'ignore', env: {...process.env, [testRunVariable]: mark}});
  child.unref();
  try {
    await expect.poll(() => leftoverProcesses(mark)?.map((leftover) => leftover.pid)).toEqual([child.pid]);
    expect(leftoverProcesses(mark)![0].command).toContain('setInterval');
  } finally {
    process.kill(child.pid!, 'SIGKILL');
  }
  await expect.poll(() => leftoverProcesses(mark)).toEqual([]);
});
