/**
 * jsdom has no modal dialogs: the smallest stand-in for `showModal` and `close` (the open attribute
 * and the close event), installed for one test file. Browser tests run the real ones: top layer,
 * inert page, Escape.
 */
import { afterAll, beforeAll } from 'vitest';

export function installModalDialogStandIn(): void {
  const { showModal, close } = HTMLDialogElement.prototype;
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  });
  afterAll(() => {
    Object.assign(HTMLDialogElement.prototype, { showModal, close });
  });
}
