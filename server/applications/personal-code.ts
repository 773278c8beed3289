/**
 * The personal code never leaves the server in clear once submitted (issue 2, Access): replies
 * carry this masked form, which keeps the last four characters so the applicant can recognise it.
 */
export function maskPersonalCode(code: string): string {
  const visible = code.length > 4 ? code.slice(-4) : '';
  return `${'*'.repeat(code.length - visible.length)}${visible}`;
}
