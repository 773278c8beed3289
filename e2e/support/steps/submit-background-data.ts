import type { Page } from '@playwright/test';
import type { TestLocale } from '../i18n';
import { stepKit, type DateAnswer, type Role } from '../step-kit';

/** SubmitBackgroundInfo, task key submitBackgroundData (src/steps/submitBackgroundData). */

export const PEP_QUESTION = 'Are you a politically exposed person, or a family member or close associate of one?';
export const TOGETHER_QUESTION = 'Do you want to apply together with someone else?';

export interface BackgroundAnswers {
  maritalStatus: string;
  education: string;
  residence: string;
  children: string;
  adults: string;
  /** ISO code of the citizenship (the select's value). */
  citizenship: string;
  /** The English label of the employment status. */
  employment: string;
  /** Asked for someone who works for an employer. */
  employer?: { name: string; since: DateAnswer; position: string };
  /** Asked for someone with a work start date but no employer (own company, self-employed). */
  workSince?: DateAnswer;
  /** Asked of the applicant of a loan two may repay together: undefined answers "No". */
  coApplicant?: { firstName: string; surname: string; email: string; phone: string };
  /** False for a product one person takes alone (a credit card): the co-applicant question is not asked. */
  asksCoApplicant?: boolean;
}

export function backgroundStep(page: Page, locale: TestLocale, role: Role = 'applicant') {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading(role === 'applicant' ? 'About you' : 'About you as a co-borrower'),
    citizenship: kit.combobox('What is your citizenship?'),
    dualCitizenshipBox: kit.checkbox('I also have another citizenship'),
    dualCitizenship: kit.combobox('What is your other citizenship?'),
    employerName: kit.textbox('What is the name of your employer?'),
    pepComment: kit.textbox('What is the public function, and who holds it?'),
    together: kit.group(TOGETHER_QUESTION),
    async fill(answers: BackgroundAnswers) {
      await kit.choose('What is your marital status?', answers.maritalStatus);
      await kit.choose('What is your highest level of education?', answers.education);
      await kit.choose('Where do you live?', answers.residence);
      await kit.choose('How many children under 18 do you support financially?', answers.children);
      await kit.choose('How many adults do you support financially?', answers.adults);
      await this.citizenship.selectOption(answers.citizenship);
      await kit.choose('What is your employment status?', answers.employment);
      if (answers.employer) {
        await this.employerName.fill(answers.employer.name);
        await kit.date('When did you start this work?', answers.employer.since);
        await kit.choose('What is your position level?', answers.employer.position);
      } else if (answers.workSince) {
        await kit.date('When did you start this work?', answers.workSince);
      }
      await kit.choose(PEP_QUESTION, 'No');
      if (role === 'applicant' && answers.asksCoApplicant !== false) {
        await kit.choose(TOGETHER_QUESTION, answers.coApplicant ? 'Yes' : 'No');
        if (answers.coApplicant) {
          await kit.textbox('Co-applicant’s first name').fill(answers.coApplicant.firstName);
          await kit.textbox('Co-applicant’s surname').fill(answers.coApplicant.surname);
          await kit.textbox('Co-applicant’s e-mail address').fill(answers.coApplicant.email);
          await kit.textbox('Co-applicant’s phone number').fill(answers.coApplicant.phone);
        }
      }
    },
  };
}
