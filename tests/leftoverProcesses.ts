/**
 * Which processes a test run left running. Every process the suite starts inherits its environment,
 * so `npm test` marks it with a variable of its own and, at the end, looks for that mark in every
 * process's environment (/proc, Linux). An orphan counts too: a child whose parent was ended is
 * adopted by init, and no walk of the process tree from `npm test` finds it then, but it keeps its
 * environment. (The downloadable sandbox, started through a shell that `kill()` ended alone, kept
 * listening after every run until the test ended its process group.)
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';

export const testRunVariable = 'PORTAL_TEST_RUN';

export type Leftover = {pid: number; command: string};

/** The processes, other than `exceptPid`, whose environment carries `marker`; undefined without /proc. */
export function leftoverProcesses(marker: string, exceptPid = process.pid): Leftover[] | undefined {
  if (!existsSync('/proc/self/environ')) return undefined;
  const wanted = `${testRunVariable}=${marker}`;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && Number(name) !== exceptPid)
    .flatMap((name) => {
      try {
        const environment = readFileSync(`/proc/${name}/environ`, 'utf8').split('\0');
        if (!environment.includes(wanted)) return [];
        const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
        return [{pid: Number(name), command}];
      } catch {
        // Ended while we looked, or not ours to read.
        return [];
      }
    });
}
