import { setupI18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, resetApiClient } from '../../src/api/client';
import { createLocaleActivator } from '../../src/i18n/i18n';
import type { CatalogLoaders } from '../../src/i18n/i18n';
import * as v from 'valibot';
import { useTestServerWithClient } from '../api/test-server';

function catalog(messages: Messages, delayMs = 0) {
  return () => new Promise<{ messages: Messages }>((resolve) => setTimeout(() => resolve({ messages }), delayMs));
}

const loaders: CatalogLoaders = {
  '../../locales/et/messages.po': catalog({ greeting: 'Tere' }),
  '../../locales/et/validation.po': catalog({ 'validation.messages.required': 'Täitke see väli' }),
  '../../locales/lv/messages.po': catalog({ greeting: 'Sveiki' }, 30),
  '../../locales/lv/validation.po': catalog({ 'validation.messages.required': 'Aizpildiet šo lauku' }),
  '../../locales/ru/messages.po': catalog({ greeting: 'Здравствуйте' }),
};

const server = useTestServerWithClient();
beforeEach(() => {
  server.reply({ json: { data: null } });
  vi.stubGlobal('document', { documentElement: { lang: 'en-GB' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('activateLocale', () => {
  it('loads both catalogs, activates the locale and sets the document language and Accept-Language', async () => {
    const i18n = setupI18n();
    await createLocaleActivator(loaders, i18n)('et');
    expect(i18n.locale).toBe('et');
    expect(i18n._('greeting')).toBe('Tere');
    expect(i18n._('validation.messages.required')).toBe('Täitke see väli');
    expect(document.documentElement.lang).toBe('et-EE');
    await apiRequest('x', { schema: v.null() });
    expect(server.requests[0]?.headers['accept-language']).toBe('et-EE');
  });

  it('applies only the last of two quick switches', async () => {
    const i18n = setupI18n();
    const activate = createLocaleActivator(loaders, i18n);
    await Promise.all([activate('lv'), activate('et')]);
    expect(i18n.locale).toBe('et');
    expect(document.documentElement.lang).toBe('et-EE');
  });

  it('refuses a locale whose catalog is missing with a configuration error', async () => {
    const i18n = setupI18n();
    await expect(createLocaleActivator(loaders, i18n)('ru')).rejects.toThrow('Configuration error: the validation catalog of locale "ru" is missing.');
    expect(i18n.locale).not.toBe('ru');
    expect(document.documentElement.lang).toBe('en-GB');
  });
});
