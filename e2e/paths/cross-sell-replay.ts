import type { Locator, Page } from '@playwright/test';
import { expect, sandbox, test } from '../support/domain-server';
import { t, type TestLocale } from '../support/i18n';
import type { MachinePath, MachineStep } from '../../tests/paths/machine-paths';
import { CROSS_SELL_CONTRACTS, SELF_SERVICE_URL, SIGNER_ENDS } from '../../tests/paths/cross-sell-paths';
import { contractStep } from '../support/steps/view-contract-and-choose-signing-method';
import { seedAtContractSigning } from '../support/steps/view-contract-conditions';
import { contractSignedHeading } from '../support/steps/view-contract-signed';
import { expectState, MachinePathFailure } from './machine-replay';

/**
 * Issue 27, item 1 (docs/decisions/221): a cross-sell modal path replayed in Chromium: Mari's small
 * loan with the credit card she accepted, seeded at ViewContractConditions with Smart-ID and the
 * server's cross-sell signing flag (as cross-sell-signing.spec.ts), against the reference API and the
 * Smart-ID simulator. A card's Sign opens the signer's panel in the modal; how that signing ends is
 * scripted on the simulator before its start (`SIGNED_CONTRACT`, `NAMES_DONT_MATCH`), or is the person
 * choosing another way to sign in the panel (after NAMES_DONT_MATCH with a contract signed, the only way
 * on: decision 229). At every state where the modal waits for the person, and
 * at the end, the page must show it: the cards (and which say Signed), "Leave?", the closing page
 * (decision 211), self service, the contract page, or the signing negative page.
 */

/** The bank account Mari gave for the payout (shown shortened on the loan's card). */
const PAYOUT_ACCOUNT = 'EE382200221020145685';

const PERSON = new Set(['sign loan', 'sign card', 'close', 'leave: no', 'leave: yes', 'signing: other method']);

function stateShown(page: Page, locale: TestLocale, path: MachinePath, step: { state: string; screen?: string }): Locator {
  const modal = page.getByRole('dialog', { name: t(locale, 'Sign your contracts'), exact: true });
  switch (step.state) {
    case 'choosing':
      // Every card unsigned but those the screen names shows its Sign (the signed ones say Signed: checked apart).
      return modal.getByRole('listitem').filter({ hasNot: page.getByText(t(locale, 'Signed'), { exact: true }) }).first().getByRole('button', { name: t(locale, 'Sign'), exact: true });
    case 'signing':
      // The signer's panel for the contract, in the modal.
      return page.getByRole('dialog', { name: t(locale, 'Sign your contracts'), exact: true }).getByRole('button', { name: t(locale, 'Choose another way to sign'), exact: true });
    case 'confirmingLeave':
      return page.getByRole('dialog', { name: t(locale, 'Leave?'), exact: true });
    case 'allSigned':
      return contractSignedHeading(page, locale);
    case 'otherMethod':
      return contractStep(page, locale).heading;
    case 'refused':
      return page.getByRole('heading', { level: 1, name: t(locale, 'We cannot sign the contract with you'), exact: true });
    default:
      throw new MachinePathFailure(`path ${path.id}: no screen is known for the state ${step.state} (e2e/paths/cross-sell-replay.ts)`);
  }
}

async function expectShown(page: Page, locale: TestLocale, path: MachinePath, step: MachineStep, where: string): Promise<void> {
  const shown = `${step.state}${step.screen ? ` (${step.screen})` : ''}`;
  // "Leave?" - Yes: the browser went to self service (awaited by the step: the page is another site's).
  if (step.state === 'left') return;
  await expectState(page, stateShown(page, locale, path, step), where, shown);
  if (step.state === 'choosing') {
    const signed = step.screen?.startsWith('signed:') ? step.screen.slice('signed:'.length).split('+') : [];
    const cards = page.getByRole('dialog', { name: t(locale, 'Sign your contracts'), exact: true }).getByRole('listitem');
    await expect(cards, `${where}: a card per contract`).toHaveCount(CROSS_SELL_CONTRACTS.length);
    for (const [index, id] of CROSS_SELL_CONTRACTS.entries()) {
      await expect(cards.nth(index).getByText(t(locale, 'Signed'), { exact: true }), `${where}: the ${id}'s card ${signed.includes(id) ? 'says' : 'does not say'} Signed`).toHaveCount(signed.includes(id) ? 1 : 0);
    }
  }
}

export async function replayCrossSell(page: Page, path: MachinePath, locale: TestLocale): Promise<void> {
  const externalId = await seedAtContractSigning(page, locale, 'SMART_ID', undefined, { bankAccountNumber: PAYOUT_ACCOUNT });
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);
  const modal = page.getByRole('dialog', { name: t(locale, 'Sign your contracts'), exact: true });
  const leave = page.getByRole('dialog', { name: t(locale, 'Leave?'), exact: true });
  // The contracts are drawn up on the first read of their details: PDFs take a moment on a busy machine.
  await expect(modal, `path ${path.id}: the cross-sell modal opens`).toBeVisible({ timeout: 30_000 });
  await expectShown(page, locale, path, { label: '', type: '', state: path.initial }, `path ${path.id}, at the start`);
  for (const [index, step] of path.steps.entries()) {
    const where = `path ${path.id}, step ${index + 1} (${step.label})`;
    const end = SIGNER_ENDS[step.label as keyof typeof SIGNER_ENDS];
    if (PERSON.has(step.label)) {
      await test.step(step.label, async () => {
        if (step.label.startsWith('sign ')) {
          const card = modal.getByRole('listitem').nth(CROSS_SELL_CONTRACTS.indexOf(step.label.slice('sign '.length) as (typeof CROSS_SELL_CONTRACTS)[number]));
          await card.getByRole('button', { name: t(locale, 'Sign'), exact: true }).click();
          // The signer's panel for that contract: its start, unless the person chooses another way there.
          const ending = SIGNER_ENDS[path.steps[index + 1]?.label as keyof typeof SIGNER_ENDS];
          if (!ending) throw new MachinePathFailure(`${where}: a signing that does not end (${path.steps[index + 1]?.label ?? 'the path ends'})`);
          if (ending.result) {
            await sandbox.setSmartId(page, { result: ending.result, runningPolls: 0 });
            await modal.getByRole('button', { name: t(locale, 'Sign with Smart-ID'), exact: true }).click();
          }
        } else if (step.label === 'signing: other method') await modal.getByRole('button', { name: t(locale, 'Choose another way to sign'), exact: true }).click();
        else if (step.label === 'close') await modal.getByRole('button', { name: t(locale, 'Close'), exact: true }).click();
        else if (step.label === 'leave: no') await leave.getByRole('button', { name: t(locale, 'No'), exact: true }).click();
        else {
          // Self service is another site (the server's SELF_SERVICE_URL): the browser is seen going there.
          const leaving = page.waitForRequest((request) => request.isNavigationRequest() && request.url().startsWith(SELF_SERVICE_URL), { timeout: 30_000 });
          await leave.getByRole('button', { name: t(locale, 'Yes'), exact: true }).click();
          try {
            await leaving;
          } catch (error) {
            throw new MachinePathFailure(`${where}: expected the browser to go to self service (${SELF_SERVICE_URL}), it stays at ${page.url()}\n${String(error)}`);
          }
        }
      });
    } else if (step.label === 'signing: NAMES_DONT_MATCH, other method') {
      // Decision 229: with a contract signed the bank does not end the signing; the signer's error
      // dialog says the names differ and offers only another way to sign, which the person takes.
      await test.step(step.label, async () => {
        const notSigned = page.getByRole('dialog', { name: t(locale, 'The contract is not signed'), exact: true });
        const names = t(locale, 'The name on your Smart-ID account does not match the name in the application. Please choose another way to sign.');
        await expectState(page, notSigned.getByText(names, { exact: true }), `${where}: the signer says the names differ`, 'signing (NAMES_DONT_MATCH)');
        await expect(notSigned.getByRole('button'), `${where}: another way to sign is the only way on`).toHaveCount(1);
        await notSigned.getByRole('button', { name: t(locale, 'Choose another way to sign'), exact: true }).click();
      });
    } else if (!end) throw new MachinePathFailure(`${where}: no action is known for it (e2e/paths/cross-sell-replay.ts)`);
    const next = path.steps[index + 1];
    if (!next || PERSON.has(next.label) || next.label.startsWith('sign ')) await expectShown(page, locale, path, step, where);
  }
}
