/**
 * The docs pages in the sidebar's order, grouped as the sidebar groups them: the order of `/llms.txt`,
 * `/llms-full.txt` and the guides the sandbox's MCP server searches.
 */
import sidebars from '../../../sidebars';

type SidebarItem = string | {type: string; label?: string; id?: string; href?: string; items?: SidebarItem[]};

export type SidebarDoc = {id: string; label?: string};
export type SidebarSection = {title?: string; docs: SidebarDoc[]};

/** `/docs/guides/pickups`: where Docusaurus serves a doc, from its id (`guides/pickups`, `EDI/index`). */
export const docPath = (id: string) => `/docs/${id.replace(/(^|\/)index$/, '')}`.replace(/\/$/, '');

/** `/docs/guides/pickups.md`: where the site serves a doc's Markdown (src/plugins/llmsTxt). */
export const docMarkdownUrl = (id: string) => encodeURI(`${docPath(id)}.md`);

/**
 * Each category with its docs; a doc outside a category is a section of its own, titled by its
 * sidebar label (or, without one, by the page's title: `title` is then undefined). Links are left out.
 */
export function sidebarSections(): SidebarSection[] {
  const sections: SidebarSection[] = [];
  for (const item of sidebars.docs as SidebarItem[]) {
    if (typeof item === 'string') {
      sections.push({docs: [{id: item}]});
    } else if (item.type === 'category') {
      const docs = (item.items ?? []).flatMap((child) => (typeof child === 'string' ? [child] : child.type === 'doc' && child.id ? [child.id] : []));
      sections.push({title: item.label ?? '', docs: docs.map((id) => ({id}))});
    } else if (item.type === 'doc' && item.id) {
      sections.push({title: item.label, docs: [{id: item.id, label: item.label}]});
    }
  }
  return sections;
}
