import * as v from 'valibot';
import { MESSAGES } from '../messages';
import { firstFailing, requiredTrimmedString } from './rules';

export const EMAIL_MAX_LENGTH = 254;

/** Section 5: endings (top-level labels) that are typing mistakes for com, ee, ru and similar. */
export const MISTYPED_EMAIL_ENDINGS = [
  'rr', 'gom', 'ry', 'cim', 'vom', 'eee', 'ri', 'con', 'conn', 'xom', 'cok', 'comm',
] as const;

/** Section 5: misspelt mail hosts (the label before the ending) of the common mail services. */
export const MISSPELT_EMAIL_HOSTS = [
  'gmial', 'gmaill', 'gmali', 'gamil', 'gnail', 'gmal', 'gmil', 'gmai', 'gmaik', 'gmsil', 'gimail',
  'hotmial', 'hotmal', 'hotmil', 'hotmaill', 'homail', 'hotamil', 'hotnail',
  'yaho', 'yahooo', 'yhaoo', 'yahho', 'yaoo',
  'outlok', 'outloo', 'outllok', 'otlook', 'outlookk',
  'iclod', 'icoud', 'iclould', 'icloud1',
  'inbx', 'inboxx', 'inobx',
] as const;

/** A standard address: local part of the usual characters, host labels and a letter ending. */
const STANDARD_ADDRESS =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

function domainLabels(email: string): string[] {
  const at = email.lastIndexOf('@');
  return at < 0 ? [] : email.slice(at + 1).toLowerCase().split('.');
}

export function hasDotBeforeAt(email: string): boolean {
  return email.includes('.@');
}

export function hasMisspeltHost(email: string): boolean {
  const labels = domainLabels(email);
  return labels.some((label) => (MISSPELT_EMAIL_HOSTS as readonly string[]).includes(label));
}

export function hasMistypedEnding(email: string): boolean {
  return (MISTYPED_EMAIL_ENDINGS as readonly (string | undefined)[]).includes(domainLabels(email).at(-1));
}

/** Section 5: "a gmail address must end in .com". */
export function isGmailWithoutCom(email: string): boolean {
  const labels = domainLabels(email);
  return labels[0] === 'gmail' && labels.join('.') !== 'gmail.com';
}

export function isStandardEmailAddress(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && STANDARD_ADDRESS.test(email);
}

/**
 * E-mail (section 5, General): required, trimmed, no typo pattern, standard address format.
 * The typo checks run first because their messages say exactly what to correct.
 */
export function emailSchema() {
  return v.pipe(
    requiredTrimmedString(),
    firstFailing<string>([
      [(email) => !hasDotBeforeAt(email), MESSAGES.emailDotBeforeAt],
      [(email) => !isGmailWithoutCom(email), MESSAGES.emailGmailNotCom],
      [(email) => !hasMisspeltHost(email), MESSAGES.emailHostMisspelt],
      [(email) => !hasMistypedEnding(email), MESSAGES.emailEndingMisspelt],
      [isStandardEmailAddress, MESSAGES.emailInvalid],
    ]),
  );
}
