import { createContext, useContext } from 'react';
import type { PortalConfig } from '@sojourn/routing';

export const PortalConfigContext = createContext<PortalConfig | null>(null);

export function usePortalConfig(): PortalConfig {
  const c = useContext(PortalConfigContext);
  if (!c) throw new Error('usePortalConfig must be used inside a portal.');
  return c;
}
