import { PORTALS, type PortalMeta } from '@sojourn/util';
import { createContext, useContext } from 'react';

export const PortalContext = createContext<PortalMeta>(PORTALS.user);

/** The portal this screen is running in. */
export function usePortal(): PortalMeta {
  return useContext(PortalContext);
}
