import { apiRequest } from '../api/client';
import { RuntimeConfigSchema, type RuntimeConfig } from '../../core/wire/config.schema';
import { isLocale, type Locale } from '../../core/domain/languages';

/** GET /api/v1/runtime-config: read once at start-up (section 9). */
export function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  return apiRequest('runtime-config', { schema: RuntimeConfigSchema });
}

/**
 * The first language: the `lang` query (section 3) when the country offers it, else the
 * configured default. The application's person may change it once the application is loaded.
 */
export function initialLocale(config: RuntimeConfig, search: string): Locale {
  const requested = new URLSearchParams(search).get('lang')?.toLowerCase() ?? '';
  if (isLocale(requested) && config.allowedLocales.includes(requested)) return requested;
  return config.defaultLocale;
}
