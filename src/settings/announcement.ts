/**
 * The site-wide announcement bar, configured here and nowhere else. Set it to `undefined` to hide the
 * bar. Give it a new `id` whenever the message changes: readers who closed the previous one see the
 * new one, because the theme remembers a dismissal per id.
 *
 * `content` is HTML. Keep the two colours at a contrast ratio of at least 4.5:1 (WCAG AA).
 */
export type Announcement = {
  readonly id: string;
  readonly content: string;
  readonly backgroundColor: string;
  readonly textColor: string;
  readonly isCloseable: boolean;
};

export const announcement: Announcement | undefined = {
  // A new id shows the bar again to readers who closed the old one: its advice changed.
  id: 'sandbox-first-2026-12',
  content:
    'Build and test against the <a href="/docs/Agents/test-enviroment">sandbox</a> before you go live.',
  // Dark slate on pale amber: 11.9:1, readable in both colour modes.
  backgroundColor: '#fff3c4',
  textColor: '#1c2532',
  isCloseable: true,
};
