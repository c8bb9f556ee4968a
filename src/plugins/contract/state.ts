/**
 * The publish under way or last done in this process. docusaurus.config.ts waits for the first before
 * the plugins are constructed; the contract plugin's first load finds it done here, and its later
 * loads (after an edit under openapi/) start the next.
 */
import type {OutputTarget} from '../../../contract/outputs';
import {publishContract, publishedLine, type Published} from './publish';

// On globalThis, not in this module: Docusaurus loads its config, and with it this module, afresh each
// time (twice in one build), and each copy must find the publish the first one started.
const latest: Map<string, Promise<Published>> = ((globalThis as {__contractPublishes?: Map<string, Promise<Published>>}).__contractPublishes ??= new Map());

/**
 * Starts a publish, and makes it the one the other plugins wait for. If it fails, the one before it
 * (when there was one) stays the one they read, as its files stay in place.
 */
export function startPublish(projectRoot: string, target: OutputTarget): Promise<Published> {
  const key = `${projectRoot}:${target}`;
  const previous = latest.get(key);
  const publishing = publishContract(projectRoot, target).then((done) => {
    console.log(`[contract] ${publishedLine(done)}`);
    return done;
  });
  latest.set(key, publishing);
  publishing.catch(() => {
    if (previous && latest.get(key) === publishing) latest.set(key, previous);
  });
  return publishing;
}

/** The publish under way or last done; starts one if this process has none yet. */
export function published(projectRoot: string, target: OutputTarget): Promise<Published> {
  return latest.get(`${projectRoot}:${target}`) ?? startPublish(projectRoot, target);
}
