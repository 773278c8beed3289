/**
 * Issue 25 item 1 (decision 187): the parent-side helper a partner's page loads to show the loan
 * application in a frame (`<script src="https://<bank's app>/embed/parent.js">`, then
 * `SolisEmbed.mountSolisFrame({...})`; docs/embedding.md). Built on its own (vite.embed.config.ts),
 * never part of the app's pages.
 *
 * It makes the iframe (the app's address plus `parentOrigin`, the role and the token in the
 * fragment, decision 062), sizes it to the height the app reports and hands the app's step data to
 * the page. It reads only messages from its own frame's window and the app's origin that parse
 * against the shared schemas (core/wire/embed-messages.schema.ts) within their size bound, and posts
 * only to the app's origin, never `*`.
 */
import type { Locale } from '../../core/domain/languages';
import { embedMessage, readChildMessage, type ParentMessage, type StepData } from '../../core/wire/embed-messages.schema';

export { EMBED_MESSAGE_VERSION } from '../../core/wire/embed-messages.schema';
export type { StepData } from '../../core/wire/embed-messages.schema';

export interface SolisFrameOptions {
  /** The app's address on the bank's origin, e.g. `https://apply.bank.example/?lang=en&productName=SMALL_LOAN`. */
  src: string;
  /** Where the frame goes: it fills the container's width. */
  container: HTMLElement;
  /** The embedded bearer token (decision 062): put in the frame address's fragment, never in its query. */
  token?: string;
  /** The embedded role (decision 062), `applicant` by default. */
  role?: string;
  /** The frame's accessible name: say what it holds, in the page's language. */
  title?: string;
  /** The frame's height in pixels until the app reports its own (default 600). */
  initialHeight?: number;
  /** The app started and listens: messages to it are sent from now on (earlier ones wait for this). */
  onReady?: () => void;
  /** A step is shown: its task key, its index and the expected count, the application's id, whether it is final. */
  onStep?: (step: StepData) => void;
  /** The app's content height changed; the frame already has it. */
  onHeight?: (height: number) => void;
}

export interface SolisFrame {
  readonly iframe: HTMLIFrameElement;
  /** Hands the app a new bearer token for the same person and role (before the old one expires). */
  refreshToken(token: string): void;
  /** Shows the app in another of the bank's languages (one the domain does not offer is ignored). */
  setLanguage(language: Locale): void;
  /** Removes the frame and stops listening. */
  destroy(): void;
}

/** Makes the app's frame in `container` and wires the messaging. Throws on an address that is not http(s). */
export function mountSolisFrame(options: SolisFrameOptions): SolisFrame {
  const { container, onReady, onStep, onHeight } = options;
  const win = container.ownerDocument.defaultView ?? window;
  const address = new URL(options.src, win.location.href);
  if (address.protocol !== 'https:' && address.protocol !== 'http:') throw new Error(`Solis frame: src must be an http(s) address, not ${address.protocol}`);
  const appOrigin = address.origin;
  address.searchParams.set('parentOrigin', win.location.origin);
  if (options.role) address.searchParams.set('role', options.role);
  if (options.token) {
    const fragment = new URLSearchParams(address.hash.replace(/^#/, ''));
    fragment.set('token', options.token);
    address.hash = fragment.toString();
  }

  const iframe = container.ownerDocument.createElement('iframe');
  iframe.title = options.title ?? 'Loan application';
  iframe.style.cssText = `display:block;width:100%;border:0;height:${options.initialHeight ?? 600}px`;
  iframe.src = address.toString();

  let ready = false;
  const waiting: ParentMessage[] = [];
  const send = (message: ParentMessage) => {
    if (!ready) waiting.push(message);
    else iframe.contentWindow?.postMessage(message, appOrigin);
  };

  const onMessage = (event: MessageEvent) => {
    if (event.source !== iframe.contentWindow || event.origin !== appOrigin) return;
    const message = readChildMessage(event.data);
    if (!message) return;
    if (message.type === 'ready') {
      ready = true;
      for (const queued of waiting.splice(0)) send(queued);
      onReady?.();
    } else if (message.type === 'height') {
      iframe.style.height = `${message.height}px`;
      onHeight?.(message.height);
    } else {
      const { protocol: _protocol, version: _version, type: _type, ...step } = message;
      onStep?.(step);
    }
  };
  win.addEventListener('message', onMessage);
  container.appendChild(iframe);

  return {
    iframe,
    refreshToken: (token) => send(embedMessage<ParentMessage>({ type: 'token-refresh', token })),
    setLanguage: (language) => send(embedMessage<ParentMessage>({ type: 'language', language })),
    destroy: () => {
      win.removeEventListener('message', onMessage);
      iframe.remove();
    },
  };
}
