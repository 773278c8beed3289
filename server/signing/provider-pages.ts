/**
 * The sandbox signing providers' pages (test mode; docs/decisions/139): plain HTML on this origin,
 * no script, one form with the outcome to answer. Accessible on their own (lang, title, one h1, a
 * fieldset with a legend, labelled radios, a real submit button).
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface Choice {
  value: string;
  label: string;
}

export function providerPageHtml(title: string, details: readonly [string, string][], action: string, transaction: string, choices: readonly Choice[], chosen: string): string {
  const rows = details.map(([term, value]) => `<dt>${escape(term)}</dt><dd>${escape(value)}</dd>`).join('');
  const radios = choices
    .map(
      (choice, index) =>
        `<div><input type="radio" id="outcome-${index}" name="outcome" value="${escape(choice.value)}"${choice.value === chosen ? ' checked' : ''}>` +
        `<label for="outcome-${index}">${escape(choice.label)}</label></div>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head>
<body><main><h1>${escape(title)}</h1><p>This is a sandbox provider of the test environment. Choose how it answers.</p>
<dl>${rows}</dl>
<form method="post" action="${escape(action)}"><input type="hidden" name="transaction" value="${escape(transaction)}">
<fieldset><legend>Outcome</legend>${radios}</fieldset>
<button type="submit">Continue</button></form></main></body></html>`;
}

export const GONE_PAGE_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox provider</title></head><body><main><h1>This request is no longer open</h1><p>It was answered already, or it does not exist.</p></main></body></html>';
