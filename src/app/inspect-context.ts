import { createContext, useContext } from 'react';
import type { Inspect } from './inspector';

/** The development inspector, when attached (`?inspect`); undefined otherwise and always in production. */
export const InspectContext = createContext<Inspect | undefined>(undefined);

export function useInspect(): Inspect | undefined {
  return useContext(InspectContext);
}
