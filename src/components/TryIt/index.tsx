import {lazy, Suspense, useCallback, useId, useRef, useState, type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';

import styles from './styles.module.css';

// The console, the sandbox engine and its validator load only when a "Try it" is pressed. React.lazy
// keeps a failed import for good, so a failure replaces the lazy component: "Load it again" then
// really loads again (webpack fetches a chunk that failed anew).
function lazyConsole() {
  return lazy(() =>
    import(/* webpackChunkName: "try-it-console" */ '../TryItConsole').catch((error: unknown) => {
      TryItConsole = lazyConsole();
      throw error;
    }),
  );
}
let TryItConsole = lazyConsole();

type Props = {
  /** The operationId of the call to try. */
  operation: string;
  /** The call's summary, which completes the button's accessible name ("Try it: Request a pickup"). */
  summary: string;
};

/**
 * A "Try it" button that opens a request console for one call under it. Server-rendered as a plain
 * button, so it costs a page nothing until it is pressed; Escape in the console closes it and puts
 * focus back on the button.
 */
export default function TryIt({operation, summary}: Props): ReactNode {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const consoleId = useId();
  // Bumped by "Load it again", so this button renders again and picks up the new lazy console.
  const [, setLoadAttempt] = useState(0);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  return (
    <div className={styles.tryIt} data-try-it={operation}>
      <button
        ref={button}
        type="button"
        className={`button button--sm ${open ? 'button--secondary' : 'button--primary'}`}
        aria-expanded={open}
        aria-controls={open ? consoleId : undefined}
        // The visible "Try it" starts the name, so voice control users can say what they see.
        aria-label={`Try it: ${summary}`}
        onClick={() => setOpen((wasOpen) => !wasOpen)}>
        Try it
      </button>
      {open && (
        <ErrorBoundary
          fallback={({error, tryAgain}) => (
            <p role="alert" className={styles.problem}>
              The console could not load: {error.message}{' '}
              <button
                type="button"
                className="button button--sm button--outline button--secondary"
                onClick={() => {
                  setLoadAttempt((attempt) => attempt + 1);
                  tryAgain();
                }}>
                Load it again
              </button>
            </p>
          )}>
          <Suspense fallback={<p role="status" className={styles.loading}>Loading the console…</p>}>
            <TryItConsole id={consoleId} operationId={operation} summary={summary} onClose={close} />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
