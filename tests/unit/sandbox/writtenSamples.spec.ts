import {execFile, execFileSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {test, expect} from '@playwright/test';

import {isWrittenSample, sampleEnvironment, type CodeSample} from '../../../contract/codeSamples';
import {writtenLanguageTabs} from '../../../contract/sampleWriters/languages';
import {contract as document, errorsOf, validatorForSchema} from '../openapi/contract';
import {Contract} from '../../../sandbox/engine/contract';
import {startSandboxServer, tokenFrom, type RunningSandbox} from '../../../sandbox/process';
import {recordSamples} from '../../support/sampleTally';

/**
 * The Java, C#, Go, PHP and Ruby samples (contract/sampleWriters), each language's 28 at once: written
 * to files byte for byte as the pages show them, checked by the language's own tools with warnings as
 * errors (javac -Xlint:all, mcs -warn:4, gofmt and go vet, php -l, ruby -wc), compiled once where the
 * language compiles (one javac, one mcs into a library, one go build), then each run against the
 * downloaded sandbox with the base URL and a fresh account's token in its environment: Java's 28 in one
 * JVM and C#'s in one Mono process, through a runner of the harness's own. The harness sets the
 * environment and the working folder; it never edits the code.
 *
 * A language whose toolchain this machine lacks is reported as not run (`npm test` prints the count at
 * its end), never as passed; under CI=true it fails, since `.ci/run` installs them all.
 */
const run = promisify(execFile);
const contract = new Contract(document as never);
test.describe.configure({mode: 'parallel'});

let sandbox: RunningSandbox | undefined;
test.beforeAll(async () => {
  sandbox = await startSandboxServer({args: ['--quiet']});
});
test.afterAll(async () => {
  await sandbox?.stop();
});

type Program = {operationId: string; name: string; source: string};

type Toolchain = {
  /** The commands it needs, and the Debian packages that give them (for the message when one is missing). */
  commands: string[];
  packages: string;
  /** Where a sample's file goes in the language's folder. */
  file: (program: Program) => string;
  /** Checks (and compiles, where the language compiles) every sample in `folder`; throws with the tool's words on a warning. */
  build: (folder: string, programs: Program[]) => Promise<void>;
  /**
   * Runs every sample from `folder` with `env`, in order, and gives what each printed, by name; a
   * sample that exits non-zero gives its output and the error.
   */
  runAll: (folder: string, programs: Program[], env: NodeJS.ProcessEnv) => Promise<Map<string, {printed: string; error?: string}>>;
};

/** Runs one program per sample, in order. */
const onePerSample = (command: (program: Program) => [string, string[]]) => async (folder: string, programs: Program[], env: NodeJS.ProcessEnv) => {
  const results = new Map<string, {printed: string; error?: string}>();
  for (const program of programs) {
    const [file, args] = command(program);
    try {
      results.set(program.name, {printed: (await run(file.includes('/') ? path.join(folder, file) : file, args, {cwd: folder, env, timeout: 60_000, maxBuffer: 4 * 1024 * 1024})).stdout});
    } catch (error) {
      const failed = error as {stdout?: string; stderr?: string; message: string};
      results.set(program.name, {printed: failed.stdout ?? '', error: (failed.stderr || failed.message).slice(0, 600)});
    }
  }
  return results;
};

/** What the runners print before each sample's own output: its name on a line of its own. */
const sampleStart = '\u0001';

/** Splits a runner's output into each sample's. */
function bySample(output: string): Map<string, {printed: string}> {
  return new Map(output.split(sampleStart).filter(Boolean).map((part) => {
    const newline = part.indexOf('\n');
    return [part.slice(0, newline), {printed: part.slice(newline + 1)}];
  }));
}

/**
 * Runs every sample in one process, `command` followed by the samples' names, which prints each
 * sample's output after `sampleStart` and its name. A sample off its success status ends the process:
 * what the runner printed until then is kept, and the error goes with the last sample.
 */
const oneProcess = ([command, args]: [string, string[]]) => async (folder: string, programs: Program[], env: NodeJS.ProcessEnv) => {
  try {
    return bySample((await run(command, [...args, ...programs.map(({name}) => name)], {cwd: folder, env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024})).stdout);
  } catch (error) {
    const failed = error as {stdout?: string; stderr?: string; message: string};
    const results: Map<string, {printed: string; error?: string}> = bySample(failed.stdout ?? '');
    const last = [...results.keys()].at(-1);
    if (last) results.set(last, {...results.get(last)!, error: (failed.stderr || failed.message).slice(0, 600)});
    return results;
  }
};

/** Java's runner: calls each sample class's `main` in this one JVM, capturing what it prints. */
const javaRunner = `import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

public class SampleRunner {
    public static void main(String[] names) throws Exception {
        PrintStream real = System.out;
        for (String name : names) {
            ByteArrayOutputStream captured = new ByteArrayOutputStream();
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            try {
                Class.forName(name).getMethod("main", String[].class).invoke(null, (Object) new String[0]);
            } finally {
                System.setOut(real);
            }
            real.print("\\u0001" + name + "\\n" + captured.toString(StandardCharsets.UTF_8));
        }
    }
}
`;

/**
 * C#'s runner: calls each sample class's `Main`, from the library the 28 are compiled into, in this
 * one Mono process, each after its name; a sample whose `Main` answers non-zero ends the run with
 * that code, as its own process would. Mono's thread pool adds a thread only while the cores are not
 * busy, and a sample's `.GetAwaiter().GetResult()` waits on one: on a loaded machine each sample then
 * waited seconds for it (84 s for the 28 beside a build, 7 s alone, 2026-12-03). The pool's minimum
 * is the runner's setting, not the samples' code, and .NET 8 has no such wait.
 */
const csharpRunner = `using System;
using System.Reflection;
using System.Threading;

public static class SampleRunner
{
    public static int Main(string[] names)
    {
        ThreadPool.SetMinThreads(8, 8);
        var samples = Assembly.LoadFrom("samples.dll");
        foreach (var name in names)
        {
            // Each sample sets Console.OutputEncoding, which gives Console a new writer: so the runner
            // prints its separator and lets the sample write to the process's output itself.
            Console.Write("\\u0001" + name + "\\n");
            Console.Out.Flush();
            int code = (int)samples.GetType(name).GetMethod("Main").Invoke(null, null);
            Console.Out.Flush();
            if (code != 0)
            {
                Console.Error.WriteLine(name + " exited with " + code);
                return code;
            }
        }
        return 0;
    }
}
`;

const pool = async <T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) => {
  const queue = [...items];
  await Promise.all(Array.from({length: size}, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  }));
};

/** Runs a tool from `folder`; a non-zero exit throws with what it printed. */
const tool = async (folder: string, command: string, args: string[]) => run(command, args, {cwd: folder, timeout: 120_000, maxBuffer: 16 * 1024 * 1024});

const toolchains: Record<string, Toolchain> = {
  java: {
    commands: ['javac', 'java'],
    packages: 'openjdk-17-jdk-headless',
    // `java Name.java` reads the same file; compiling the 28 in one javac run checks them all at once,
    // and each then starts in a JVM without compiling again.
    file: ({name}) => `${name}.java`,
    build: async (folder, programs) => {
      await tool(folder, 'javac', ['-Xlint:all', '-Werror', '-encoding', 'UTF-8', '-d', 'classes', ...programs.map(({name}) => `${name}.java`)]);
      writeFileSync(path.join(folder, 'SampleRunner.java'), javaRunner);
      await tool(folder, 'javac', ['-encoding', 'UTF-8', '-d', 'classes', 'SampleRunner.java']);
    },
    runAll: oneProcess(['java', ['-XX:TieredStopAtLevel=1', '-cp', 'classes', 'SampleRunner']]),
  },
  csharp: {
    commands: ['mcs', 'mono'],
    packages: 'mono-mcs mono-runtime libmono-system-net-http4.0-cil',
    file: ({name}) => `${name}.cs`,
    build: async (folder, programs) => {
      const {stdout} = await tool(folder, 'mcs', ['-warn:4', '-warnaserror+', '-target:library', '-r:System.Net.Http.dll', '-out:samples.dll', ...programs.map(({name}) => `${name}.cs`)]);
      if (/warning/i.test(stdout)) throw new Error(`mcs warned:\n${stdout}`);
      writeFileSync(path.join(folder, 'SampleRunner.cs'), csharpRunner);
      await tool(folder, 'mcs', ['-r:samples.dll', '-out:SampleRunner.exe', 'SampleRunner.cs']);
    },
    runAll: oneProcess(['mono', ['SampleRunner.exe']]),
  },
  go: {
    commands: ['go', 'gofmt'],
    packages: 'golang-go',
    // One module, one program per folder: one `go vet` and one `go build` for all 28.
    file: ({name}) => `${name}/main.go`,
    build: async (folder) => {
      writeFileSync(path.join(folder, 'go.mod'), 'module samples\n\ngo 1.19\n');
      const {stdout: unformatted} = await tool(folder, 'gofmt', ['-l', '.']);
      if (unformatted.trim()) throw new Error(`gofmt would reformat:\n${unformatted}`);
      await tool(folder, 'go', ['vet', './...']);
      // Linking is most of a Go build, once per program: without the symbol table and debug data
      // (-s -w) it took 7.3 s against 9.7 s for the 28 (2026-12-03). The code is the same.
      await tool(folder, 'go', ['build', '-ldflags=-s -w', '-o', 'bin/', './...']);
    },
    runAll: onePerSample(({name}) => [`bin/${name}`, []]),
  },
  php: {
    commands: ['php'],
    packages: 'php-cli php-curl',
    file: ({name}) => `${name}.php`,
    build: async (folder, programs) => {
      await tool(folder, 'php', ['-r', 'exit(extension_loaded("curl") ? 0 : 1);']).catch(() => {
        throw new Error("PHP's curl extension is missing (Debian: php-curl)");
      });
      await pool(programs, 2, async ({name}) => void (await tool(folder, 'php', ['-l', `${name}.php`])));
    },
    runAll: onePerSample(({name}) => ['php', [`${name}.php`]]),
  },
  ruby: {
    commands: ['ruby'],
    packages: 'ruby',
    file: ({name}) => `${name}.rb`,
    build: (folder, programs) => pool(programs, 2, async ({name}) => {
      const {stderr} = await tool(folder, 'ruby', ['-wc', `${name}.rb`]);
      if (stderr.trim()) throw new Error(`ruby -wc warned on ${name}.rb:\n${stderr}`);
    }),
    runAll: onePerSample(({name}) => ['ruby', [`${name}.rb`]]),
  },
};

const missing = (commands: string[]) => commands.filter((command) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], {stdio: 'ignore'});
    return false;
  } catch {
    return true;
  }
});

for (const {lang, label} of writtenLanguageTabs) {
  test(`every ${label} sample compiles without a warning and gets its call's success status from the sandbox`, async () => {
    test.setTimeout(240_000);
    const toolchain = toolchains[lang];
    const entries = contract.operations();
    const absent = missing(toolchain.commands);
    if (absent.length > 0) {
      const why = `${absent.join(', ')} not found (Debian: ${toolchain.packages})`;
      expect(process.env.CI, `CI runs every language; .ci/run installs ${toolchain.packages}: ${why}`).toBeFalsy();
      recordSamples({language: label, run: 0, notRun: entries.length, why});
      test.skip(true, `${label} samples not run: ${why}`);
      return;
    }
    const programs: Program[] = entries.map(({operation}) => {
      const sample = ((operation as unknown as {'x-codeSamples': CodeSample[]})['x-codeSamples']).find((candidate) => candidate.lang === lang && isWrittenSample(candidate));
      if (!sample) throw new Error(`${operation.operationId} has no ${label} sample`);
      return {operationId: operation.operationId, name: /\bclass (\w+)/.exec(sample.source)?.[1] ?? operation.operationId, source: sample.source};
    });
    const folder = mkdtempSync(path.join(os.tmpdir(), `samples-${lang}-`));
    try {
      for (const program of programs) {
        const file = path.join(folder, toolchain.file(program));
        mkdirSync(path.dirname(file), {recursive: true});
        writeFileSync(file, program.source);
      }
      await toolchain.build(folder, programs);
      const failures: string[] = [];
      const baseUrl = sandbox!.baseUrl;
      const env = {...process.env, [sampleEnvironment.baseUrl]: baseUrl, [sampleEnvironment.token]: await tokenFrom(baseUrl)};
      const results = await toolchain.runAll(folder, programs, env);
      entries.forEach((entry, index) => {
        const where = `${label} sample of ${entry.method.toUpperCase()} ${entry.path}`;
        const result = results.get(programs[index].name);
        if (!result || result.error) {
          failures.push(`${where}: ${result ? `exited with an error\n${result.printed.slice(0, 400)}${result.error}` : 'did not run'}`);
          return;
        }
        // The status, then the body.
        const [statusLine, ...rest] = result.printed.replace(/\r\n/g, '\n').split('\n');
        const status = contract.successStatus(entry);
        if (statusLine.trim() !== String(status)) {
          failures.push(`${where}: printed status ${statusLine}, the contract's success is ${status}`);
          return;
        }
        const body = rest.join('\n').trim();
        const response = contract.resolve(entry.operation.responses[String(status)]);
        const schema = response.content?.['application/json']?.schema;
        if (!schema) {
          if (body !== '') failures.push(`${where}: printed a body where the contract documents none: ${body.slice(0, 200)}`);
          return;
        }
        const parsed = JSON.parse(body);
        const validate = validatorForSchema(schema);
        if (!validate(parsed)) failures.push(`${where}: the body breaks the contract: ${errorsOf(validate)}`);
        else if (typeof parsed === 'object' && parsed && 'result' in parsed && parsed.result !== true) failures.push(`${where}: result is ${String(parsed.result)}`);
      });
      expect(failures).toEqual([]);
      recordSamples({language: label, run: programs.length, notRun: 0});
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  });
}
