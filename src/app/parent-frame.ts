/**
 * Issue 25 item 1 (decision 187): the app in a partner's iframe talks to its parent page. This is the
 * little the first page carries: where the shell, the step page and the bridge meet. The messaging
 * itself is `parent-bridge.ts`, which main.tsx loads (before the first render) only in a frame.
 */
import type { Locale } from '../../core/domain/languages';
import type { ApplicationActorRef } from '../steps/_kit/application-actor';

export const parentFrame: {
  /** Set by the bridge once it talks to an allowed parent: the page is then as tall as its content. */
  active: boolean;
  /** The bridge's: follows the steps of an application the step page runs; returns the unfollow. */
  follow: ((actor: ApplicationActorRef) => () => void) | null;
  /** The shell's: shows a language the parent asked for (the bridge checked the domain offers it). */
  setLocale: ((locale: Locale) => void) | null;
} = { active: false, follow: null, setLocale: null };
