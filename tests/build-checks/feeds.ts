import {XMLParser} from 'fast-xml-parser';

/** What the Changelog's two feeds must hold, by their specifications: the checks a release's build is read with. */
const parser = new XMLParser({ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'item' || name === 'entry' || name === 'author' || name === 'link'});
const isRfc822Date = (value: string) => /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value) && !Number.isNaN(Date.parse(value));
const isRfc3339 = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value);
const isAbsoluteUrl = (value: string) => /^https?:\/\/[^\s]+$/.test(value);

/** The elements RSS 2.0 (rssboard.org/rss-specification) requires, with their formats. */
export function rssProblems(xml: string): string[] {
  const problems: string[] = [];
  const rss = parser.parse(xml).rss;
  if (rss?.['@version'] !== '2.0') return ['the root is not <rss version="2.0">'];
  const channel = rss.channel;
  for (const element of ['title', 'link', 'description']) if (!channel?.[element]) problems.push(`channel lacks <${element}>`);
  if (!isAbsoluteUrl(String(channel.link))) problems.push('channel <link> is not an absolute URL');
  for (const [index, item] of (channel.item ?? []).entries()) {
    if (!item.title && !item.description) problems.push(`item ${index} has neither <title> nor <description>`);
    if (!isAbsoluteUrl(String(item.link))) problems.push(`item ${index} <link> is not an absolute URL`);
    if (!isRfc822Date(String(item.pubDate))) problems.push(`item ${index} <pubDate> is not an RFC 822 date`);
  }
  return problems;
}

/** The elements Atom (RFC 4287, 4.1.1 and 4.1.2) requires, with their formats. */
export function atomProblems(xml: string): string[] {
  const problems: string[] = [];
  const feed = parser.parse(xml).feed;
  if (feed?.['@xmlns'] !== 'http://www.w3.org/2005/Atom') return ['the root is not an Atom <feed>'];
  for (const element of ['id', 'title', 'updated']) if (!feed[element]) problems.push(`feed lacks <${element}>`);
  if (!isRfc3339(String(feed.updated))) problems.push('feed <updated> is not an RFC 3339 date');
  const entries = feed.entry ?? [];
  for (const [index, entry] of entries.entries()) {
    for (const element of ['id', 'title', 'updated']) if (!entry[element]) problems.push(`entry ${index} lacks <${element}>`);
    if (!isRfc3339(String(entry.updated))) problems.push(`entry ${index} <updated> is not an RFC 3339 date`);
    if (!feed.author && !entry.author?.every((author: {name?: string}) => author.name)) problems.push(`entry ${index} has no author, and neither has the feed`);
    if (!entry.content && !entry.link?.some((link: {'@rel'?: string}) => (link['@rel'] ?? 'alternate') === 'alternate')) problems.push(`entry ${index} has neither <content> nor an alternate link`);
  }
  return problems;
}
