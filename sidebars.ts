import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// Runs in Node.js at build time: no browser APIs here.

/** One sidebar for every docs page (spec section 2); its first doc is the main doc. */
const sidebars = {
  docs: [
    {
      type: 'category',
      label: 'Agents',
      collapsed: false,
      items: ['Agents/authentication', 'Agents/intro', 'Agents/test-enviroment'],
    },
    {
      type: 'category',
      label: 'Guides',
      collapsed: false,
      items: [
        'guides/getting-started',
        'guides/warehouse',
        'guides/inventory',
        'guides/distribution-plans',
        'guides/pickups',
        'guides/tracking',
        'guides/bol-with-pickup',
        'guides/documents',
        'guides/rate-quotes',
        'guides/agents',
        'guides/eta',
        'guides/typed-client',
      ],
    },
    {
      type: 'category',
      label: 'Reference',
      collapsed: false,
      items: ['guides/statuses', 'guides/errors', 'guides/open-questions', {type: 'link', label: 'Changelog', href: '/changelog'}],
    },
    {type: 'doc', id: 'EDI/index', label: 'EDI'},
    {
      type: 'category',
      label: 'SOAP Web Services',
      items: ['SOAP Web Services/authentication', 'SOAP Web Services/rate-quote'],
    },
  ],
} satisfies SidebarsConfig;

export default sidebars;
