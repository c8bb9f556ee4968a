import React from 'react';

/**
 * The one visual marker of what this portal assumes where the carrier is silent. The contract's
 * renderers (src/remark/contract/renderers/shared.ts, `assumptionTag`) emit the same element, so a reader
 * sees the same words and the same outline in the guides, in hand-written prose and on /api/.
 */
export default function PortalAssumption(): React.JSX.Element {
  return <span className="portal-assumption">Portal assumption</span>;
}
