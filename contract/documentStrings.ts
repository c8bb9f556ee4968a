/**
 * Walks every string of a JSON document with the key it sits under: to rewrite them (the site links
 * of siteLinks.ts) or to read them with their place (the spelling check, the self-contained test).
 */
export type DocumentString = {
  /** JSON path without the leading `$`, e.g. `paths./order/pickup/request.post.summary`. */
  where: string;
  key?: string;
  text: string;
};

export function stringsOf(value: unknown, where = '', key?: string): DocumentString[] {
  if (typeof value === 'string') {
    return [{where: where.replace(/^\./, ''), key, text: value}];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => stringsOf(item, `${where}[${index}]`));
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, item]) => stringsOf(item, `${where}.${name}`, name));
  }
  return [];
}

/** A copy of the document with every string passed through `change`. */
export function mapStrings<T>(value: T, change: (text: string, key: string | undefined) => string, key?: string): T {
  if (typeof value === 'string') {
    return change(value, key) as T;
  }
  if (Array.isArray(value)) {
    return value.map((item) => mapStrings(item, change)) as T;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, mapStrings(item, change, name)])) as T;
  }
  return value;
}
