import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BusinessDomain } from '../../core/domain/business-domains';
import type { ContactDetails } from '../../core/domain/contacts';
import type { Locale } from '../../core/domain/languages';
import { resumeHref } from '../../core/domain/app-routes';
import { defaultProductOf, productTypeOf } from '../../core/domain/products';

/**
 * Issue 26 item 1 (decision 206): a new applicant's `/` arrives with the top of the first step
 * (its heading and the "we save your answers" paragraph, the page's largest text) already in the
 * HTML, in the domain's language, so the largest paint does not wait for the app's script, its
 * chunks and its first render under a slow phone. React replaces the whole frame on its first
 * render with the same text in the same place (no layout shift: nothing that was painted moves).
 *
 * The English sources of what the frame says, as `src/steps/createApplicationStep/view.tsx` says it;
 * the build (vite.config.ts, `firstPageTexts`) writes their translations to `first-page-texts.json`
 * beside index.html. A browser test compares the frame with the rendered step.
 */
export const FIRST_PAGE_MESSAGES = {
  loan: 'Apply for a loan',
  card: 'Apply for a credit card',
  account: 'Open a current account',
  saved: 'We save your answers as you type, so you can close this page and finish later on any device: <0>log in or get a link by e-mail</0>.',
  privacy: 'How we use your personal data',
} as const;
export type FirstPageTexts = Partial<Record<Locale, Record<keyof typeof FIRST_PAGE_MESSAGES, string>>>;

/** The build's file of the frame's translations, beside index.html. */
export const FIRST_PAGE_TEXTS_FILE = 'first-page-texts.json';

/** What index.html's frame shows until the app starts, replaced by the first step's top (and a continued step's, step-top.ts). */
export const PLACEHOLDER = '<div class="solis-loading"><span class="solis-spinner solis-spinner--large"></span></div>';

/** Text and attribute values written into the HTML the server serves (first-page.ts, step-top.ts). */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The top of the first step as React renders it (same elements, classes and text; the DOM React
 * builds is what the browser test compares). The frame is `aria-hidden` until the app replaces it,
 * so its links are out of the tab order; a click on one before the app starts still follows it.
 */
export function firstStepTop(texts: Record<keyof typeof FIRST_PAGE_MESSAGES, string>, options: { heading: keyof typeof FIRST_PAGE_MESSAGES; locale: Locale; defaultLocale: Locale; contacts?: ContactDetails }): string {
  const link = (href: string, text: string) => `<a class="solis-link" href="${escapeHtml(href)}" tabindex="-1">${text}</a>`;
  const saved = escapeHtml(texts.saved).replace(/&lt;0&gt;(.*?)&lt;\/0&gt;/, (_, inner: string) => link(resumeHref(options.locale, options.defaultLocale), inner));
  const privacy = options.contacts ? ` ${link(options.contacts.privacyNoticeUrl, escapeHtml(texts.privacy))}` : '';
  return (
    // The room of "Step 1 of N" (decision 197), which the app shows above the step.
    `<div class="solis-step-position-space"></div>` +
    `<form><h1 class="solis-heading"><span><span>${escapeHtml(texts[options.heading])}</span></span></h1>` +
    `<div class="solis-inset-text"><p>${saved}${privacy}</p></div></form>`
  );
}

export interface FirstPageContext {
  domain: BusinessDomain;
  /** The first task of a new application in this domain (the frame is the create step's only). */
  firstTask: string | undefined;
  defaultLocale: Locale;
  contacts: Partial<Record<Locale, ContactDetails>>;
}

/**
 * index.html with the first step's top, or undefined where the page might show anything else: only
 * `/` without a query (a `lang`, a product, a partner's or an application's parameters each change
 * what the first page says), in a domain whose applications start with the create step. The caller
 * (static-files.ts) also leaves out a session with an application to continue, which `/` resumes.
 */
export function firstPageHtml(index: string, texts: FirstPageTexts, context: FirstPageContext): string | undefined {
  if (context.firstTask !== 'createApplicationStep' || !index.includes(PLACEHOLDER)) return undefined;
  const localeTexts = texts[context.defaultLocale];
  if (!localeTexts) return undefined;
  const type = productTypeOf(defaultProductOf(context.domain).productName);
  const heading = type === 'CURRENT_ACCOUNT' ? 'account' : type === 'CREDIT_CARD' ? 'card' : 'loan';
  const top = firstStepTop(localeTexts, { heading, locale: context.defaultLocale, defaultLocale: context.defaultLocale, contacts: context.contacts[context.defaultLocale] });
  return index.replace(PLACEHOLDER, top).replace(/<html lang="[a-z-]+"/, `<html lang="${context.defaultLocale}"`);
}

/** The build's translations of the frame, or none (a build from before, a test's static files). */
export async function readFirstPageTexts(staticDir: string): Promise<FirstPageTexts> {
  try {
    return JSON.parse(await readFile(path.join(staticDir, FIRST_PAGE_TEXTS_FILE), 'utf8')) as FirstPageTexts;
  } catch {
    return {};
  }
}
