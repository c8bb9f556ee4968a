import type {ReactNode} from 'react';
import Layout from '@theme-original/Layout';
import type LayoutType from '@theme/Layout';
import type {WrapperProps} from '@docusaurus/types';
import {useLocation} from '@docusaurus/router';

type Props = WrapperProps<typeof LayoutType>;

/**
 * Pages whose own component puts its content straight into the layout, with no `<main>`: the search
 * plugin's `/search` page. Every other page (docs, blog, home, /api/) brings its own `<main>`, and a
 * second one around it would be a landmark inside a landmark, so only these get one here.
 */
const pagesWithoutMain = new Set(['/search', '/search/']);

export default function LayoutWrapper(props: Props): ReactNode {
  const {pathname} = useLocation();
  if (!pagesWithoutMain.has(pathname)) {
    return <Layout {...props} />;
  }
  return (
    <Layout {...props}>
      <main>{props.children}</main>
    </Layout>
  );
}
