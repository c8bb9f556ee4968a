/** Where the console sends its request: the browser's sandbox, the local sandbox program, or a server the reader types. */
import {type ReactNode} from 'react';

import {localSandboxUrl} from '../../../sandbox/engine/localServer';
import {session} from '../../tryIt/session';
import {targetLabels, type Target} from '../../tryIt/targets';

import styles from './styles.module.css';

export default function TargetChoice({target, customUrl, onCustomUrl, urlProblem, name}: {target: Target; customUrl: string; onCustomUrl: (value: string) => void; urlProblem?: string; name: string}): ReactNode {
  const kinds: Target['kind'][] = ['browser', 'local', 'custom'];
  const details: Record<Target['kind'], string> = {
    browser: 'runs in this page; nothing goes over the network',
    local: `${localSandboxUrl}, the downloaded sandbox started with node carrier-sandbox.mjs`,
    custom: 'a base URL you type',
  };
  return (
    <fieldset className={styles.group}>
      <legend>Send to</legend>
      {kinds.map((kind) => (
        <label key={kind} className={styles.choice}>
          <input
            type="radio"
            name={name}
            checked={target.kind === kind}
            onChange={() => session.setTarget(kind === 'custom' ? {kind, baseUrl: customUrl} : {kind})}
          />{' '}
          {targetLabels[kind]} <small>({details[kind]})</small>
        </label>
      ))}
      {target.kind === 'custom' && (
        <div className={styles.field}>
          <label htmlFor={`${name}-url`}>Base URL</label>
          <input
            id={`${name}-url`}
            type="url"
            value={customUrl}
            placeholder="https://api.carrier.example/testing"
            spellCheck={false}
            aria-invalid={urlProblem !== undefined}
            aria-describedby={urlProblem ? `${name}-url-problem` : undefined}
            onChange={(event) => onCustomUrl(event.target.value)}
          />
          {urlProblem && (
            <small id={`${name}-url-problem`} className={styles.problemText}>
              {urlProblem}
            </small>
          )}
        </div>
      )}
    </fieldset>
  );
}
