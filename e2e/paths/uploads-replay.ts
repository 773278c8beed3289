import type { Page } from '@playwright/test';
import { expect, sandbox, test } from '../support/domain-server';
import { LANGUAGE_CODES } from '../support/seed-application';
import { t, type TestLocale } from '../support/i18n';
import type { MachinePath, MachineStep } from '../../tests/paths/machine-paths';
import { EXECUTABLE_BYTES, STATEMENT_PDF, UPLOAD_FILES, UPLOADS_LEFT, type UploadFileName } from '../../tests/paths/uploads-paths';
import { expectState, MachinePathFailure } from './machine-replay';

/**
 * Issue 27, item 1 (docs/decisions/221): an uploads machine path replayed in Chromium on the bank
 * statements step of a seeded Estonian small loan, against the reference API: the files are given to
 * the page's file input as the model names them (the server refuses the executable and the renamed
 * copy by their content, the page the large file by its size), a lost call is the sandbox's
 * `fail-next` (a 500, which neither the upload nor the API client sends again) set just before the
 * action that makes it, and at every state where the page waits for the person, and at the end, the
 * page must show what the model's screen says: each file's row, the refused files, the attempts left,
 * the problem, or the page the person went on to.
 */

/** The bytes the page's file input is given for each of the model's files. */
function fileFor(name: UploadFileName): { name: string; mimeType: string; buffer: Buffer } {
  const { content, size } = UPLOAD_FILES[name];
  if (content === 'executable') return { name, mimeType: 'application/pdf', buffer: Buffer.from(EXECUTABLE_BYTES) };
  if (content === 'large') {
    const buffer = Buffer.alloc(size, 0x20);
    buffer.write('%PDF-1.7\n');
    return { name, mimeType: 'application/pdf', buffer };
  }
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(STATEMENT_PDF) };
}

/** The calls a path loses, by the answer's label: the sandbox fails the next such call with a 500. */
const LOST: Record<string, { path: string; method: 'GET' | 'POST' | 'DELETE' }> = {
  'list: lost': { path: '/documents', method: 'GET' },
  'upload: lost': { path: '/document', method: 'POST' },
  'remove: lost': { path: '/document/', method: 'DELETE' },
};

/** The person's actions on the uploads paths. */
function isPerson(step: MachineStep | undefined): boolean {
  return step !== undefined && (step.label.startsWith('add ') || ['try again', 'remove', 'continue', 'continue without statements'].includes(step.label));
}

/** Checks what the page shows for the model's screen (`statement.pdf:uploaded refused:setup.pdf:fileContentMismatch attemptsLeft:4`). */
async function expectScreen(page: Page, locale: TestLocale, path: MachinePath, step: MachineStep, where: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1, name: t(locale, 'Upload your bank statements'), exact: true });
  const shown = `${step.state}${step.screen ? ` (${step.screen})` : ''}`;
  if (step.state === 'loadFailed') return expectState(page, page.getByText(t(locale, 'We could not load the files you have already uploaded. Please try again.')), where, shown);
  switch (step.screen) {
    case UPLOADS_LEFT.continue:
      // The statements in, the decision follows; the sandbox approves (as open-banking.spec.ts), so the offer.
      return expectState(page, page.getByRole('button', { name: t(locale, 'Accept the offer'), exact: true }), where, shown);
    case UPLOADS_LEFT.skipped:
      return expectState(page, page.getByRole('heading', { level: 1, name: t(locale, 'Thank you! Your application has been sent without bank statements'), exact: true }), where, shown);
    case UPLOADS_LEFT.limit:
      return expectState(page, page.getByRole('heading', { level: 1, name: t(locale, 'We could not receive your bank statements'), exact: true }), where, shown);
    case undefined:
      throw new MachinePathFailure(`path ${path.id}: no screen is known for the state ${step.state} (e2e/paths/uploads-replay.ts)`);
    default:
  }
  await expectState(page, heading, where, shown);
  const parts = step.screen === 'empty' ? [] : step.screen.split(' ');
  const files = page.getByRole('list', { name: t(locale, 'Your files'), exact: true }).getByRole('listitem');
  const refused = page.getByRole('list', { name: t(locale, 'Files not uploaded'), exact: true }).getByRole('listitem');
  const listed = new Set<string>();
  for (const part of parts) {
    const [kind, name, detail] = part.split(':') as [string, string, string | undefined];
    if (kind === 'refused') {
      await expectState(page, refused.filter({ hasText: name }), where, `${shown}: ${name} among the files not uploaded`);
    } else if (kind === 'attemptsLeft') {
      await expectState(page, page.locator('p.solis-notice').filter({ hasText: new RegExp(`\\b${name}\\b`) }), where, `${shown}: ${name} attempts left`);
    } else if (kind === 'problem') {
      await expectState(page, page.locator('.solis-error-message').filter({ hasText: t(locale, 'Upload at least one bank statement') }).first(), where, `${shown}: the problem ${name}`);
    } else {
      // A file of the list, `name:status[:removeFailed]`.
      listed.add(kind);
      const row = files.filter({ hasText: kind });
      const status = name === 'uploaded' ? t(locale, 'Uploaded') : t(locale, 'This file could not be uploaded. Check your connection and try again.');
      // The status and, after a failed removal, its reason share one element: matched as a part of it.
      await expectState(page, row.getByText(status).first(), where, `${shown}: ${kind} ${name}`);
      if (detail === 'removeFailed') await expectState(page, row.getByText(t(locale, 'This file could not be removed just now. Please try again.')), where, `${shown}: ${kind} not removed`);
    }
  }
  for (const name of Object.keys(UPLOAD_FILES)) {
    if (!listed.has(name)) await expect(files.filter({ hasText: name }), `${where}: ${name} is not among the files`).toHaveCount(0);
  }
  if (!parts.some((part) => part.startsWith('refused:'))) await expect(refused, `${where}: no file is listed as not uploaded`).toHaveCount(0);
}

export async function replayUploads(page: Page, path: MachinePath, locale: TestLocale): Promise<void> {
  await page.goto(`/?lang=${locale}`);
  // The decision after the statements (the sandbox approves, as open-banking.spec.ts).
  await sandbox.setDecision(page, 'POSITIVE');
  const { externalId } = await sandbox.seedApplication(page, {
    taskDefinitionKey: path.taskKey,
    previousTasks: ['checkAnswers', 'provideBasViaOpenBanking'],
    productName: path.productName,
    languageCode: LANGUAGE_CODES[locale],
  });
  const lose = async (step: MachineStep | undefined) => {
    const lost = step ? LOST[step.label] : undefined;
    if (lost) await sandbox.failNext(page, { ...lost, status: 500 });
  };
  await lose(path.steps[0]);
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);
  const input = page.getByLabel(t(locale, 'Bank statements'), { exact: true });
  const row = (name: string) => page.getByRole('list', { name: t(locale, 'Your files'), exact: true }).getByRole('listitem').filter({ hasText: name });
  for (const [index, step] of path.steps.entries()) {
    const where = `path ${path.id}, step ${index + 1} (${step.label})`;
    if (isPerson(step)) {
      await test.step(step.label, async () => {
        await lose(path.steps[index + 1]);
        const previous = path.steps[index - 1];
        if (step.label.startsWith('add ')) {
          const name = step.label.slice('add '.length).split(' ')[0] as UploadFileName;
          await input.setInputFiles(fileFor(name));
        } else if (step.label === 'try again') {
          if (previous?.state === 'loadFailed') await page.getByRole('button', { name: t(locale, 'Try again'), exact: true }).click();
          else await row('statement.pdf').getByRole('button', { name: new RegExp(`^${t(locale, 'Try again')}`) }).click();
        } else if (step.label === 'remove') await row('statement.pdf').getByRole('button', { name: new RegExp(`^${t(locale, 'Remove')}`) }).click();
        else if (step.label === 'continue') await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
        else {
          await page.getByRole('button', { name: t(locale, 'Continue without statements'), exact: true }).click();
          await page
            .getByRole('dialog', { name: t(locale, 'Send your application without bank statements?') })
            .getByRole('button', { name: t(locale, 'Send without statements'), exact: true })
            .click();
        }
      });
    }
    const next = path.steps[index + 1];
    if (!next || isPerson(next)) await expectScreen(page, locale, path, step, where);
  }
}
