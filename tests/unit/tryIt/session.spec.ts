import {expect, test} from '@playwright/test';

import type {World} from '../../../sandbox/engine/world';
import {sessionWorldStore} from '../../../src/tryIt/session';

/**
 * The tab's sandbox session (src/tryIt/session.ts) over a sessionStorage that fills up, as a
 * browser's does at its quota.
 */
class FullingStorage {
  constructor(private readonly limit: number) {}
  getItem(key: string): string | null {
    return Object.hasOwn(this, `item:${key}`) ? (this as unknown as Record<string, string>)[`item:${key}`] : null;
  }
  setItem(key: string, value: string): void {
    if (value.length > this.limit) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    (this as unknown as Record<string, string>)[`item:${key}`] = value;
  }
  removeItem(key: string): void {
    delete (this as unknown as Record<string, string>)[`item:${key}`];
  }
}

test('a world too large for sessionStorage is kept in memory, and its older stored copy no longer wins', () => {
  const storage = new FullingStorage(200);
  (globalThis as {window?: unknown}).window = {sessionStorage: storage};
  try {
    const worlds = sessionWorldStore();
    const small = {pickups: []} as unknown as World;
    const large = {pickups: [{note: 'x'.repeat(500)}]} as unknown as World;
    worlds.set('acct', small);
    expect(worlds.get('acct')).toEqual(small);
    worlds.set('acct', large);
    expect(worlds.get('acct')).toEqual(large);
    expect(storage.getItem('carrier-portal:try-it:world:acct')).toBeNull();
  } finally {
    delete (globalThis as {window?: unknown}).window;
  }
});
