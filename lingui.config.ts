import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Catalogs per locale under locales/<locale>/. English is the source. `validation` holds the
 * messages of core/validation (shared with the server, so they are plain keys there) and `messages`
 * everything else; the app loads both for the active locale as one lazy chunk each.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'et', 'lv', 'lt', 'ru'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/validation',
      include: ['<rootDir>/src/i18n/validation-messages.ts'],
    },
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/machines'],
      exclude: ['<rootDir>/src/i18n/validation-messages.ts', '**/node_modules/**'],
    },
  ],
});
