/**
 * Issue 25 item 1 (decision 187): the app's side of the messaging contract with a parent page
 * (core/wire/embed-messages.schema.ts, docs/embedding.md). main.tsx loads it only in a frame whose
 * address names a parent origin, so nobody else's first page carries any of it.
 *
 * - The parent names its origin in the frame's address (`?parentOrigin=https://partner.example`; the
 *   parent helper adds it). The bridge starts only when that origin is one of the server's
 *   ALLOWED_ORIGINS (the runtime configuration's `embedding.parentOrigins`, the list frame-ancestors
 *   has too). Otherwise nothing is ever posted.
 * - Out: `ready` once, `step` on every step change, `height` whenever the content's height changes
 *   (a ResizeObserver, read at most once a frame). Always to that one origin, never `*`: if the
 *   parent page has since navigated elsewhere, the browser drops the message.
 * - In: only messages whose source is this frame's parent window and whose origin is that parent
 *   origin, within the size bound and parsing against this version's schema. Anything else is
 *   ignored, silently: the flow goes on as before.
 */
import type { RuntimeConfig } from '../../core/wire/config.schema';
import { LATVIA_HOUSING_PAGE_MAX } from '../../core/domain/progress';
import { isListedOrigin } from '../../core/domain/origins';
import { embedMessage, readParentMessage, type ChildMessage, type ParentMessage, type StepData } from '../../core/wire/embed-messages.schema';
import type { ApplicationActorRef } from '../steps/_kit/application-actor';
import { checkTokenShape, embeddedMode, replaceEmbeddedToken } from './embedded';
import { parentFrame } from './parent-frame';

export const PARENT_ORIGIN_PARAMETER = 'parentOrigin';

/** Steps until the progress bar reaches 99 (core/domain/progress.ts): five of 15, then eight of 3. */
const STEPS_TO_FULL_BAR = 5 + Math.ceil((99 - 5 * 15) / 3);

/**
 * The parent origin this page may post to: its address's `parentOrigin` when the page is in a frame
 * and the origin is allowed; otherwise null (standalone, or a parent the bank did not allow).
 */
export function allowedParentOrigin(config: Pick<RuntimeConfig, 'embedding'>, win: Pick<Window, 'parent' | 'location'>): string | null {
  if (win.parent === (win as unknown)) return null;
  const requested = new URLSearchParams(win.location.search).get(PARENT_ORIGIN_PARAMETER);
  return isListedOrigin(requested, config.embedding?.parentOrigins ?? []) ? requested : null;
}

/**
 * The step an application shows, as the parent learns it; null while none is shown (loading, an
 * error page). The count is the progress bar's scale (never below the index; the last step's is its index).
 */
export function stepDataOf(snapshot: ReturnType<ApplicationActorRef['getSnapshot']>): StepData | null {
  const { taskKey, stepCount, externalId, stepTerminal, businessDomain, application } = snapshot.context;
  if (!snapshot.matches('step') || !taskKey) return null;
  const stepIndex = Math.max(1, stepCount);
  const housingLv = businessDomain === 'retail-banking-lv' && application?.creditConditions.productName === 'HOUSING_LOAN';
  const scale = housingLv ? LATVIA_HOUSING_PAGE_MAX : STEPS_TO_FULL_BAR;
  return { taskDefinitionKey: taskKey, stepIndex, stepCount: stepTerminal ? stepIndex : Math.max(stepIndex, scale), externalId, isFinal: stepTerminal };
}

/**
 * Starts the bridge when the parent is allowed; returns the function that stops it (tests), or
 * null when there is no parent to talk to.
 */
export function startParentBridge(config: Pick<RuntimeConfig, 'embedding' | 'allowedLocales'>, win: Window = window): (() => void) | null {
  const parentOrigin = allowedParentOrigin(config, win);
  if (!parentOrigin) return null;
  parentFrame.active = true;
  const doc = win.document;
  const post = (message: ChildMessage) => win.parent.postMessage(message, parentOrigin);
  post(embedMessage<ChildMessage>({ type: 'ready' }));

  // The steps: every change of the step shown (its key, index, count, id or finality), once.
  let lastStep = '';
  parentFrame.follow = (actor) => {
    const tell = () => {
      const step = stepDataOf(actor.getSnapshot());
      const key = step ? JSON.stringify(step) : '';
      if (!step || key === lastStep) return;
      lastStep = key;
      post(embedMessage<ChildMessage>({ type: 'step', ...step }));
    };
    const subscription = actor.subscribe(tell);
    tell();
    return () => subscription.unsubscribe();
  };

  const onMessage = (event: MessageEvent) => {
    if (event.source !== win.parent || event.origin !== parentOrigin) return;
    const message = readParentMessage(event.data);
    if (message) handle(message);
  };
  const handle = (message: ParentMessage) => {
    if (message.type === 'language') {
      if (config.allowedLocales.includes(message.language)) parentFrame.setLocale?.(message.language);
      return;
    }
    // Only a frame that started with a parent's token (decision 062) takes another, and only a usable
    // one for the same user groups (another person's or role's token needs a new frame).
    const mode = embeddedMode();
    const check = checkTokenShape(message.token);
    if (mode.embedded && mode.token && check.valid && check.groups.join() === mode.userGroups.join()) replaceEmbeddedToken(message.token);
  };
  win.addEventListener('message', onMessage);

  // The height: measured at most once a frame, after layout, and sent only when it changed.
  let lastHeight = -1;
  let scheduled = 0;
  const measure = () => {
    scheduled = 0;
    const height = Math.ceil(doc.documentElement.getBoundingClientRect().height);
    if (height === lastHeight) return;
    lastHeight = height;
    post(embedMessage<ChildMessage>({ type: 'height', height }));
  };
  const schedule = () => {
    if (!scheduled) scheduled = win.requestAnimationFrame(measure);
  };
  const Observer = (win as Window & { ResizeObserver?: typeof ResizeObserver }).ResizeObserver;
  const observer = typeof Observer === 'function' ? new Observer(schedule) : null;
  observer?.observe(doc.documentElement);
  schedule();

  return () => {
    win.removeEventListener('message', onMessage);
    observer?.disconnect();
    if (scheduled) win.cancelAnimationFrame(scheduled);
    parentFrame.follow = null;
    parentFrame.active = false;
  };
}
