import { createContext, useContext } from 'react';
import type { OrganiserBase } from './api';

/** Which organiser a portal's pages act for: the API routes and the portal's own path prefix. */
export interface OrganiserScope {
  base: OrganiserBase;
  prefix: string;
}

export const OrganiserContext = createContext<OrganiserScope>({ base: '/api/v1/organiser/events', prefix: '/tour-app/events' });
export const useOrganiser = () => useContext(OrganiserContext);
