import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '../../../core/wire/config.schema';

/** The runtime configuration the app started with (section 9). */
export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('Render inside <RuntimeConfigContext.Provider>');
  return config;
}
