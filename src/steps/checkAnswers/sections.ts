/**
 * The check-answers page's sections (issue 26 items 3 and 6; decision 196): one per answered step,
 * each fact once. A fact two steps ask (the personal code: the first page, then the personal
 * details; the loan type: the first page, then the personal details' switch) is listed in the
 * section of the last step that asked it: that answer is the one the bank holds, and its Change link
 * leads to where it was given. Steps are in the order answered (GET .../answers).
 */
import type { I18n } from '@lingui/core';
import type { StepSummary, SummaryRow } from '../_kit/step-registry-types';
import { notGiven } from '../_kit/summary-kit';
import type { AnsweredStep } from './answers.machine';

/** Facts asked on more than one step, as [task, form field] pairs: one group per fact. */
export const SAME_FACTS: readonly (readonly (readonly [task: string, field: string])[])[] = [
  [
    ['createApplicationStep', 'personalCode'],
    ['submitPersonalInfo', 'personalCode'],
  ],
  [
    ['createApplicationStep', 'productName'],
    ['submitPersonalInfo', 'productName'],
  ],
];

export interface AnswerSection {
  taskKey: string;
  title: string;
  rows: SummaryRow[];
}

function factOf(taskKey: string, field: string) {
  return SAME_FACTS.find((group) => group.some(([task, name]) => task === taskKey && name === field));
}

/** Each answered step as a section, without the facts a later section lists again. */
export function answerSections(steps: readonly AnsweredStep[], i18n: I18n): AnswerSection[] {
  const sections = steps.map(({ taskKey, data, summary }) => {
    const { title, rows } = summary as StepSummary;
    return { taskKey, title: title(i18n, data), rows: rows(data, i18n) };
  });
  const listedLater = (index: number, field: string) => {
    const fact = factOf(sections[index]?.taskKey ?? '', field);
    if (!fact) return false;
    return sections.slice(index + 1).some((later) => later.rows.some((row) => fact.some(([task, name]) => task === later.taskKey && name === row.field)));
  };
  return sections
    .map((section, index) => ({ ...section, rows: section.rows.filter((row) => !listedLater(index, row.field)) }))
    .filter((section) => section.rows.length > 0);
}

/** What a folded section shows under its title: its first answers, so a glance tells what is inside. */
export function gistOf(section: AnswerSection, i18n: I18n, count = 3): string {
  const none = notGiven(i18n);
  return section.rows
    .map((row) => row.answer.trim())
    .filter((answer) => answer !== '' && answer !== none)
    .slice(0, count)
    .join(' · ');
}
