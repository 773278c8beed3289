/**
 * Component tests (jsdom): clean the DOM after each test and activate English from the compiled
 * catalogs (@lingui/vite-plugin compiles the .po imports here as in the app build).
 */
import { i18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetApiClient } from '../../src/api/client';
import { modalDialogStandIn } from './modal-dialog';

const englishCatalogs = import.meta.glob<{ messages: Messages }>('../../locales/en/*.po', { eager: true });
i18n.load('en', Object.assign({}, ...Object.values(englishCatalogs).map((catalog) => catalog.messages)) as Messages);
i18n.activate('en');

// The component tests share their worker's modules and document (`isolate: false` in
// vite.config.ts, decision 200): what a test leaves behind, in the document or in a module's state,
// is put back here for the next test and the next file. A file starts at the address, storage and
// document a fresh jsdom would give it.
const FRESH_ADDRESS = ((globalThis as { solisFreshAddress?: string }).solisFreshAddress ??= window.location.href);
window.history.replaceState(null, '', FRESH_ADDRESS);
window.sessionStorage.clear();
window.localStorage.clear();

afterEach(() => {
  cleanup();
  // Markup a test wrote itself (the simulators' server-rendered pages), which `cleanup` does not know.
  document.body.replaceChildren();
  document.title = '';
  document.documentElement.removeAttribute('lang');
  resetApiClient();
});

// `findBy…` and `waitFor` wait up to 5 s rather than Testing Library's 1 s: with a test file on every
// core (decision 155), a lazily loaded screen that renders in 100 ms alone was seen to need more
// than a second. A wait limit, not a timing assertion: a screen that never shows still fails.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no modal dialogs (the browser tests run the real ones, with the page behind made inert).
// A test file may replace them with its own.
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  Object.assign(HTMLDialogElement.prototype, modalDialogStandIn);
}
