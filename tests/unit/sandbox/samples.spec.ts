import {execFile, execFileSync} from 'node:child_process';
import {promisify} from 'node:util';
import {test, expect} from '@playwright/test';

import {isWrittenSample, sampleEnvironment, type CodeSample} from '../../../contract/codeSamples';
import {recordSamples} from '../../support/sampleTally';
import {contract as document, errorsOf, validatorForSchema} from '../openapi/contract';
import {Contract} from '../../../sandbox/engine/contract';
import {tokenFrom} from '../../../sandbox/process';
import {useValidatedSandbox} from './validated';

/**
 * Executable samples: every `x-codeSamples` entry httpsnippet writes (curl, JavaScript fetch, Python
 * requests) runs exactly as an integrator would paste it, against the downloaded sandbox
 * (carrier-sandbox.mjs), with the base URL and a fresh account's token in the environment variables the
 * samples read. What it prints is checked against the contract.
 */
const run = promisify(execFile);
const contract = new Contract(document as never);
// Every sample's request goes through Prism's validation proxy (validated.ts): all are meant to be valid.
const validated = useValidatedSandbox('samples', {requestsAllValid: true});

/**
 * The Python that `python3` names, by its own path: `python3` is often a version manager's shim (pyenv's
 * is a shell script that costs about 0.4 s a start, here), and the samples start Python 28 times.
 */
let python: string | undefined;
const pythonPath = () => (python ??= execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], {encoding: 'utf8'}).trim());

/** Runs a sample and returns what it printed. */
async function execute(sample: CodeSample, source: string, token: string): Promise<string> {
  const env = {...process.env, [sampleEnvironment.baseUrl]: validated().baseUrl, [sampleEnvironment.token]: token};
  const options = {timeout: 20_000, maxBuffer: 4 * 1024 * 1024, env};
  if (sample.lang === 'shell') {
    return (await run('bash', ['-c', `${source} --silent --show-error --fail-with-body`], options)).stdout;
  }
  if (sample.lang === 'javascript') {
    // console.log of an object prints util.inspect's form; print JSON instead, as a reader would log it.
    const harness = `console.log = (value) => process.stdout.write(typeof value === 'string' ? value : JSON.stringify(value));\nconsole.error = (value) => { process.stderr.write(String(value)); process.exitCode = 1; };\n`;
    return (await run(process.execPath, ['--input-type=module', '-e', harness + source], options)).stdout;
  }
  return (await run(pythonPath(), ['-c', source], options)).stdout;
}

for (const entry of contract.operations()) {
  const samples = (entry.operation as unknown as {'x-codeSamples': CodeSample[]})['x-codeSamples'];
  // Java, C#, Go, PHP and Ruby are compiled and run by language, in writtenSamples.spec.ts.
  for (const sample of samples.filter((candidate) => !isWrittenSample(candidate))) {
    test(`${sample.label} sample of ${entry.method.toUpperCase()} ${entry.path} runs against the sandbox`, async () => {
      const {log} = validated().sandbox;
      const logged = log.length;
      const token = await tokenFrom(validated().baseUrl);
      const printed = await execute(sample, sample.source, token);
      recordSamples({language: sample.label, run: 1, notRun: 0});

      // The server's own log line tells the status, which a sample's printout does not.
      // The log arrives through a pipe, possibly after the sample has exited. The sample's line is the
      // last for its path (the token call's sample also follows the test's own token request).
      const requestLine = () => log.slice(logged).filter((candidate) => candidate.includes(` ${entry.method.toUpperCase()} ${entry.path}`)).at(-1) ?? '';
      const expectedCount = entry.path === '/authentication/user/token' ? 2 : 1;
      // The log line comes within milliseconds: polled often (the default first wait, 100 ms, was a sixth of a test).
      await expect.poll(() => log.slice(logged).filter((candidate) => candidate.includes(` ${entry.path}`)).length, {timeout: 5000, intervals: [10, 20, 50, 100]}).toBeGreaterThanOrEqual(expectedCount);
      expect(requestLine()).toContain(` ${contract.successStatus(entry)} `);

      const status = contract.successStatus(entry);
      const response = contract.resolve(entry.operation.responses[String(status)]);
      const schema = response.content?.['application/json']?.schema;
      if (!schema) {
        expect(printed.trim(), 'the contract documents no body').toBe('');
        return;
      }
      const body = JSON.parse(printed);
      const validate = validatorForSchema(schema);
      expect(validate(body), `${printed.slice(0, 400)}\n${errorsOf(validate)}`).toBe(true);
      if (typeof body === 'object' && 'result' in body) {
        expect(body.result, printed.slice(0, 400)).toBe(true);
      }
    });
  }
}
