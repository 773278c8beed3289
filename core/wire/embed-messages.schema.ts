import * as v from 'valibot';
import { LOCALES } from '../domain/languages';

export { isListedOrigin } from '../domain/origins';

/**
 * Issue 25 item 1 (decision 187): the messages the app, shown in a partner's iframe, exchanges with
 * its parent page through `postMessage`. One file for both sides: the app (src/app/parent-bridge.ts)
 * and the parent-side helper the project ships (src/embed/parent.ts, built to /embed/parent.js)
 * parse with these schemas, so the contract cannot drift. docs/embedding.md is its reference.
 *
 * Every message carries `protocol: 'solis-embed'` (so either side can tell ours from the other
 * scripts' messages on the same window) and `version`. A receiver accepts only its own version;
 * adding an optional field keeps the version, anything else raises it.
 */
export const EMBED_PROTOCOL = 'solis-embed';
export const EMBED_MESSAGE_VERSION = 1;

/**
 * The largest message either side reads, as JSON (8 KiB): a token refresh is the largest real one
 * (a JWT of a few hundred bytes to a few KiB). Larger data is refused before it is parsed.
 */
export const MAX_EMBED_MESSAGE_BYTES = 8 * 1024;

const envelope = {
  protocol: v.literal(EMBED_PROTOCOL),
  version: v.literal(EMBED_MESSAGE_VERSION),
};

/** Child → parent: the app has started and listens (sent once; the parent may post from now on). */
export const ReadyMessageSchema = v.strictObject({ ...envelope, type: v.literal('ready') });

/** Child → parent: a step is shown (on every step change). */
export const StepMessageSchema = v.strictObject({
  ...envelope,
  type: v.literal('step'),
  /** The process task the step shows (section 2), e.g. `createApplicationStep`. */
  taskDefinitionKey: v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9]{0,79}$/)),
  /** Which step of this application this is, from 1 (the progress bar's count). */
  stepIndex: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)),
  /** How many steps the application is expected to have (the progress bar's scale); never below stepIndex. */
  stepCount: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)),
  /** The application's external id; null before the application is created (the first step). */
  externalId: v.nullable(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/))),
  /** The step ends the flow (a thank-you, rejection or closing page): nothing follows it. */
  isFinal: v.boolean(),
});

/** Child → parent: the height of the app's content in CSS pixels (whenever it changes). */
export const HeightMessageSchema = v.strictObject({
  ...envelope,
  type: v.literal('height'),
  height: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000)),
});

/** Parent → child: a new bearer token for the embedded session (decision 062), before the old one expires. */
export const TokenRefreshMessageSchema = v.strictObject({
  ...envelope,
  type: v.literal('token-refresh'),
  token: v.pipe(v.string(), v.maxLength(4096), v.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)),
});

/** Parent → child: show the app in this language (one the bank's domain offers; others are ignored). */
export const LanguageMessageSchema = v.strictObject({
  ...envelope,
  type: v.literal('language'),
  language: v.picklist(LOCALES),
});

export const ChildMessageSchema = v.union([ReadyMessageSchema, StepMessageSchema, HeightMessageSchema]);
export const ParentMessageSchema = v.union([TokenRefreshMessageSchema, LanguageMessageSchema]);

export type ChildMessage = v.InferOutput<typeof ChildMessageSchema>;
export type ParentMessage = v.InferOutput<typeof ParentMessageSchema>;
export type StepMessage = v.InferOutput<typeof StepMessageSchema>;
/** What a sender fills in: the envelope is added by `embedMessage`. */
export type StepData = Omit<StepMessage, 'protocol' | 'version' | 'type'>;

type WithoutEnvelope<M> = M extends unknown ? Omit<M, 'protocol' | 'version'> : never;

/** A message with its envelope (protocol and version) added. */
export function embedMessage<M extends ChildMessage | ParentMessage>(message: WithoutEnvelope<M>): M {
  return { protocol: EMBED_PROTOCOL, version: EMBED_MESSAGE_VERSION, ...message } as M;
}

/** The JSON size of a message's data, or Infinity when it is not JSON data (a function, a cycle, a DOM node). */
function jsonSize(data: unknown): number {
  try {
    const json = JSON.stringify(data);
    return typeof json === 'string' ? json.length : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * Reads the data of a message event: the message when it is ours, of our version, well-formed and
 * within the size bound; otherwise null (the caller ignores it). Never throws.
 */
function readMessage<S extends typeof ChildMessageSchema | typeof ParentMessageSchema>(schema: S, data: unknown): v.InferOutput<S> | null {
  if (typeof data !== 'object' || data === null) return null;
  if (jsonSize(data) > MAX_EMBED_MESSAGE_BYTES) return null;
  const parsed = v.safeParse(schema, data);
  return parsed.success ? parsed.output : null;
}

export const readChildMessage = (data: unknown): ChildMessage | null => readMessage(ChildMessageSchema, data);
export const readParentMessage = (data: unknown): ParentMessage | null => readMessage(ParentMessageSchema, data);
