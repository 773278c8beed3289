/**
 * jsdom has no modal dialogs: the smallest stand-in for `showModal` and `close` (the open attribute
 * and the close event). Every component test has it from vitest-dom.setup.ts; a test file may
 * install it for itself. Browser tests run the real ones: top layer, inert page, Escape.
 */
import { afterAll, beforeAll } from 'vitest';

export const modalDialogStandIn: Pick<HTMLDialogElement, 'showModal' | 'close'> = {
  showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  },
  close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  },
};

/** The stand-in for one test file, the dialog's own methods back afterwards. */
export function installModalDialogStandIn(): void {
  const { showModal, close } = HTMLDialogElement.prototype;
  beforeAll(() => {
    Object.assign(HTMLDialogElement.prototype, modalDialogStandIn);
  });
  afterAll(() => {
    Object.assign(HTMLDialogElement.prototype, { showModal, close });
  });
}
