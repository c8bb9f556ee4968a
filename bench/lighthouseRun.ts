/**
 * One Lighthouse run in a process of its own (lighthouse.ts, `lighthouseOnce`): reads its URL and
 * options as JSON from its one argument, and writes the run's figures as JSON to stdout.
 */
import {lighthouseInThisProcess, type LighthouseOptions} from './lighthouse';

const {url, ...options} = JSON.parse(process.argv[2]) as LighthouseOptions & {url: string};
lighthouseInThisProcess(url, options)
  .then((run) => process.stdout.write(JSON.stringify(run)))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
