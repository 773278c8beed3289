import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveStepVariant, type StepVariant, type VariantFacts } from '../../core/domain/step-variants';
import type { Locale } from '../../core/domain/languages';
import { escapeHtml, PLACEHOLDER } from './first-page';
import { withEntryPreloads } from './entry-loader';

/**
 * Issue 26 item 1 (decision 227): a continued application's `/?externalId=...` arrives with the top
 * of the step the applicant is at (its heading, its first section heading and its first questions,
 * down to the first screen's largest text) already in the HTML, in the applicant's language, and with
 * `<link rel=modulepreload>` for that step's chunks, so the largest paint waits neither for the app's
 * script nor for the application's answer, and the step's code downloads beside the entry.
 * Decision 206 did the same for a new applicant's first step (first-page.ts).
 *
 * Per step and variant, the English sources of what the top says, as the step's view says it; the
 * build (vite.config.ts, `stepTopTexts`) writes their translations to `step-top-texts.json` beside
 * index.html. A browser test (e2e/layout-shift.spec.ts) compares the top with the rendered step.
 * A step not listed here gets the plain frame (and still the preloads).
 */
export interface StepTopSource {
  /** The h1 (`PageHeading`): the step's name. */
  heading: string;
  /** The first `h2.solis-section-heading` under it, if the step opens with one. */
  section?: string;
  /**
   * The first questions (`RadiosField`'s `QuestionGroup`): each legend, and the options of a list of
   * radios, down to the first screen's largest text (on "About you" at 412 px the second legend,
   * which wraps to two lines: the first legend alone was not the largest paint).
   */
  questions?: ReadonlyArray<{ legend: string; options?: readonly string[] }>;
}

// Keep in step with the views named (e2e/layout-shift.spec.ts compares them in the browser).
export const STEP_TOP_MESSAGES: Readonly<Record<string, Partial<Record<StepVariant, StepTopSource>>>> = {
  // src/steps/submitBackgroundData/view.tsx and fields.tsx (BackgroundForm): Estonia and Lithuania.
  // The options are src/i18n/labels/background.ts's MARITAL_STATUS_LABELS in core's order.
  submitBackgroundData: {
    default: {
      heading: 'About you',
      section: 'You and your household',
      questions: [
        { legend: 'What is your marital status?', options: ['Single', 'Married', 'Living with a partner', 'Divorced', 'Widowed'] },
        { legend: 'What is your highest level of education?' },
      ],
    },
  },
};

/** Every English source of a top. */
function sourcesOf(top: StepTopSource): string[] {
  return [top.heading, ...(top.section ? [top.section] : []), ...(top.questions ?? []).flatMap((question) => [question.legend, ...(question.options ?? [])])];
}

/** The build's file of the tops' translations (English source to translation, per language). */
export const STEP_TOP_TEXTS_FILE = 'step-top-texts.json';
export type StepTopTexts = Partial<Record<Locale, Record<string, string>>>;

/** Every English source the tops use, for the build to translate. */
export function stepTopSources(): string[] {
  const sources = new Set<string>();
  for (const variants of Object.values(STEP_TOP_MESSAGES))
    for (const top of Object.values(variants)) for (const text of sourcesOf(top)) sources.add(text);
  return [...sources];
}

/** Vite's build manifest (`dist/.vite/manifest.json`), the parts read here. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** The manifest key of a step variant's view, as the step registry imports it. */
export function stepViewKey(taskKey: string, variant: StepVariant): string {
  return `src/steps/${taskKey}/view${variant === 'default' ? '' : `.${variant}`}.tsx`;
}

/** The variants a step has in this build (its `view.<variant>.tsx` files), none if it is not a step. */
export function variantsIn(manifest: ViteManifest, taskKey: string): StepVariant[] | undefined {
  if (!/^[A-Za-z0-9]+$/.test(taskKey)) return undefined;
  const view = new RegExp(`^src/steps/${taskKey}/view(?:\\.([a-z-]+))?\\.tsx$`);
  const variants = Object.keys(manifest).flatMap((key) => {
    const match = view.exec(key);
    return match ? [(match[1] ?? 'default') as StepVariant] : [];
  });
  return variants.length > 0 ? variants : undefined;
}

/**
 * What the app loads to show `taskKey` in `variant` (the step registry, the view, the step's
 * machines, their I/O, the product data; each with what it imports), minus what index.html already
 * loads: the files to `modulepreload`, and their stylesheets to preload.
 */
export function stepPreloads(manifest: ViteManifest, taskKey: string, variant: StepVariant): { scripts: string[]; styles: string[] } {
  const entryClosure = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) walk(imported, into);
  };
  walk('index.html', entryClosure);
  const wanted = new Set<string>();
  const logic = `src/steps/${taskKey}/logic.ts`;
  for (const key of ['src/steps/_generated/registry.gen.ts', stepViewKey(taskKey, variant), ...(manifest[logic] ? [logic, 'src/app/step-actors.ts'] : []), 'src/app/product-data.ts'])
    walk(key, wanted);
  const keys = [...wanted].filter((key) => !entryClosure.has(key));
  return {
    scripts: keys.map((key) => `/${manifest[key]!.file}`),
    styles: [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))].map((file) => `/${file}`),
  };
}

/**
 * The step's top as React renders it (same elements, classes and text; the browser test compares the
 * boxes). The frame is `aria-hidden` until the app replaces it; it holds no control.
 */
export function stepTop(texts: Record<string, string>, top: StepTopSource): string | undefined {
  if (sourcesOf(top).some((source) => texts[source] === undefined)) return undefined;
  const say = (source: string) => escapeHtml(texts[source]!);
  // An option looks like the app's radio; it is no control yet (out of the tab order, in an aria-hidden frame).
  const option = (label: string) => `<div class="solis-radio"><input class="solis-radio__input" type="radio" tabindex="-1"><label class="solis-radio__label">${say(label)}</label></div>`;
  const question = ({ legend, options }: { legend: string; options?: readonly string[] }) =>
    `<div class="solis-form-group"><fieldset class="solis-fieldset"><legend class="solis-fieldset__legend solis-fieldset__legend--question">${say(legend)}</legend>` +
    (options ? `<div class="solis-radios">${options.map(option).join('')}</div>` : '') +
    `</fieldset></div>`;
  return (
    // The room of "Step N of M" (decision 197), which the app shows above the step.
    `<div class="solis-step-position-space"></div>` +
    `<form><h1 class="solis-heading"><span><span>${say(top.heading)}</span></span></h1>` +
    (top.section ? `<h2 class="solis-section-heading">${say(top.section)}</h2>` : '') +
    (top.questions ?? []).map(question).join('') +
    `</form>`
  );
}

export interface ContinuedStepContext {
  taskKey: string;
  /** The language the app will show the step in (the applicant's where allowed, else the domain's). */
  locale: Locale;
  facts: VariantFacts;
}

/**
 * index.html for a continued application's step: its chunks preloaded and, where the step's top is
 * known in that language, the top in place of the spinner and `<html lang>` set. Undefined where the
 * build has no such step (the app shows its own answer to that).
 */
export function continuedStepHtml(index: string, manifest: ViteManifest, texts: StepTopTexts, step: ContinuedStepContext): string | undefined {
  const variants = variantsIn(manifest, step.taskKey);
  if (!variants || !index.includes('</head>')) return undefined;
  const variant = resolveStepVariant(variants, step.facts);
  const { scripts, styles } = stepPreloads(manifest, step.taskKey, variant);
  // Decision 231: with the built index.html's entry loader, the step's chunks and stylesheets are
  // asked for by it after the first paint, beside the entry, instead of while the HTML is parsed.
  let html =
    withEntryPreloads(index, { scripts, styles }) ??
    index.replace(
      '</head>',
      `  ${[
        ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
        ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}">`),
      ].join('\n    ')}\n  </head>`,
    );
  const source = STEP_TOP_MESSAGES[step.taskKey]?.[variant];
  const localeTexts = texts[step.locale];
  const top = source && localeTexts && html.includes(PLACEHOLDER) ? stepTop(localeTexts, source) : undefined;
  if (top) html = html.replace(PLACEHOLDER, top).replace(/<html lang="[a-z-]+"/, `<html lang="${step.locale}"`);
  return html;
}

/** The build's manifest and the tops' translations, or none (a build from before, a test's static files). */
export async function readStepTopFiles(staticDir: string): Promise<{ manifest: ViteManifest; texts: StepTopTexts }> {
  const read = async (file: string) => {
    try {
      return JSON.parse(await readFile(path.join(staticDir, file), 'utf8')) as unknown;
    } catch {
      return {};
    }
  };
  const [manifest, texts] = await Promise.all([read(path.join('.vite', 'manifest.json')), read(STEP_TOP_TEXTS_FILE)]);
  return { manifest: manifest as ViteManifest, texts: texts as StepTopTexts };
}
