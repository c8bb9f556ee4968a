import {useSyncExternalStore} from 'react';

/**
 * A count that grows each time /api/ has filled in the code of a sample language it loads on demand
 * (src/theme/ApiDoc/useLazySampleLanguages.ts). Redoc's request samples take their code when they are
 * drawn, so every operation's samples drawn before then are drawn again (SamplesWhenNear.tsx keys them
 * on it).
 */
let version = 0;
const listeners = new Set<() => void>();

export function samplesFilledIn(): void {
  version += 1;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSamplesVersion(): number {
  return useSyncExternalStore(subscribe, () => version, () => 0);
}
