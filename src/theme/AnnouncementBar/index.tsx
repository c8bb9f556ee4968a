import {useEffect, type ReactNode} from 'react';
import AnnouncementBarOriginal from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof AnnouncementBarType>;

/**
 * The theme hides a dismissed bar before React loads, through an attribute its inline script sets on
 * <html> from the stored dismissal. When the bar's id changes, the theme forgets the dismissal but
 * leaves that attribute, so the new announcement stays hidden until the next full page load. Clearing
 * the attribute once the bar is active shows it at once.
 */
export default function AnnouncementBar(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    if (isActive) {
      document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false');
    }
  }, [isActive]);
  return <AnnouncementBarOriginal {...props} />;
}
