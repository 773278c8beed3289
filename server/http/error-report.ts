/**
 * What an operator needs from an unexpected error (issue 9): its class, code, message and stack,
 * so the failing line can be found, and never the personal data a message can quote. Driver and
 * parser messages put values in quotes (`invalid input syntax for type integer: "1.5"`, `"38001…"
 * is not valid JSON`); those are replaced, as are long digit runs and e-mail addresses. Quoted
 * names of our own schema objects (relation, column, constraint ...) are kept: they are the clue.
 */
export type ErrorReport = {
  error: string;
  code?: string;
  message: string;
  stack?: string;
};

const SCHEMA_WORDS = /(relation|column|constraint|table|index|type|function|schema|database|role|operator|sequence|extension|trigger|view|at or near)\s*$/i;
const MAX_FRAMES = 15;

export function redact(text: string): string {
  let out = '';
  let rest = text;
  const quoted = /(["'])(?:(?!\1)[^\\]|\\.)*\1/;
  for (let match = quoted.exec(rest); match; match = quoted.exec(rest)) {
    const before = rest.slice(0, match.index);
    out += before + (SCHEMA_WORDS.test(before) && match[0].length <= 66 ? match[0] : `${match[1]}…${match[1]}`);
    rest = rest.slice(match.index + match[0].length);
  }
  return (out + rest)
    .replace(/[^\s@"']+@[^\s@"']+/g, '[e-mail]')
    .replace(/\d{6,}/g, '[number]')
    .slice(0, 500);
}

export function describeError(error: unknown): ErrorReport {
  if (!(error instanceof Error)) return { error: typeof error, message: '(not an Error)' };
  const code = (error as { code?: unknown }).code;
  const message = redact(error.message);
  // The stack's first lines repeat the message; only the frames are taken from it.
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => redact(line.trim()));
  return {
    error: error.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code).slice(0, 40) } : {}),
    message,
    ...(frames.length ? { stack: frames.join('\n') } : {}),
  };
}
