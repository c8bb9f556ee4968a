import type {ReactNode} from 'react';
import type {LoadingComponentProps} from 'react-loadable';
import LoadingOriginal from '@theme-original/Loading';

import styles from './styles.module.css';

/**
 * The screen react-loadable shows while a route's code loads, and when that load fails. The
 * original's error box is white on red (3.6:1, below WCAG AA) and gives no hint of what to do, so the
 * error state is ours; the waiting state stays the theme's.
 */
export default function Loading(props: LoadingComponentProps): ReactNode {
  const {error, retry} = props;
  if (!error) {
    return <LoadingOriginal {...props} />;
  }
  return (
    <main className={styles.screen}>
      <div role="alert" className="alert alert--danger">
        <h1 className={styles.title}>This page could not be loaded.</h1>
        <p>{String(error)}</p>
        <p>Check your connection, then try again.</p>
        <button type="button" className="button button--primary" onClick={retry}>
          Retry
        </button>
      </div>
    </main>
  );
}
