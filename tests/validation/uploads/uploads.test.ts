import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileProblem, uploadProblems } from '../../../core/validation/uploads/files';
import { FILE_NAME_MAX_LENGTH, UPLOAD_LIMITS } from '../../../core/validation/uploads/limits';
import { contentMatchesExtension, detectFileType, fileContentProblem } from '../../../core/validation/uploads/magic-bytes';
import { additionalDocumentsPeriod } from '../../../core/validation/uploads/statement-period';
import { MESSAGES } from '../../../core/validation/messages';
import { TODAY } from '../support';

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, '..', 'fixtures', name)));
const MB = 1024 * 1024;
const file = (name: string, size = 1000) => ({ name, size });

describe('single-file checks (section 5, Uploads)', () => {
  it('file name at most 60 characters', () => {
    const sixty = `${'a'.repeat(FILE_NAME_MAX_LENGTH - 4)}.pdf`;
    expect(fileProblem(file(sixty), 'default')).toBeUndefined();
    expect(fileProblem(file(`a${sixty}`), 'default')).toBe(MESSAGES.fileNameTooLong);
  });
  it('allowed types, by extension, any case', () => {
    for (const name of ['a.pdf', 'a.ASICE', 'a.bdoc', 'a.edoc', 'a.jpg', 'a.JPEG', 'a.png']) expect(fileProblem(file(name), 'default')).toBeUndefined();
    for (const name of ['a.docx', 'a.exe', 'pdf', 'a.pdf.zip']) expect(fileProblem(file(name), 'default')).toBe(MESSAGES.fileTypeNotAllowed);
    expect(fileProblem(file('a.png'), 'latviaPdf')).toBe(MESSAGES.fileTypeNotAllowed);
  });
  it('empty files flagged', () => {
    expect(fileProblem(file('a.pdf', 0), 'default')).toBe(MESSAGES.fileEmpty);
    expect(fileProblem(file('a.pdf', 1), 'default')).toBeUndefined();
  });
  it.each([
    ['default', 20],
    ['corporate', 5],
    ['latviaPdf', 10],
  ] as const)('%s: size limit %d MiB per file', (flow, mb) => {
    expect(fileProblem(file('a.pdf', mb * MB), flow)).toBeUndefined();
    expect(fileProblem(file('a.pdf', mb * MB + 1), flow)).toBe(MESSAGES.fileTooLarge);
  });
});

describe('list checks (section 5, Uploads)', () => {
  it('duplicates flagged, against accepted and new files', () => {
    expect(uploadProblems([file('a.pdf')], [file('a.pdf'), file('b.pdf'), file('b.pdf')], 'default')).toEqual([
      { index: 0, message: MESSAGES.fileDuplicate },
      { index: 2, message: MESSAGES.fileDuplicate },
    ]);
    expect(uploadProblems([file('a.pdf', 1)], [file('a.pdf', 2)], 'default')).toEqual([]);
  });
  it.each([
    ['corporate', 10],
    ['latviaPdf', 15],
    ['default', 15],
  ] as const)('%s: at most %d files', (flow, max) => {
    const accepted = Array.from({ length: max - 1 }, (_, i) => file(`f${i}.pdf`));
    expect(UPLOAD_LIMITS[flow].maxFiles).toBe(max);
    expect(uploadProblems(accepted, [file('last.pdf')], flow)).toEqual([]);
    expect(uploadProblems(accepted, [file('last.pdf'), file('extra.pdf')], flow)).toEqual([{ index: 1, message: MESSAGES.filesTooMany }]);
  });
});

describe('real file type by content (magic bytes)', () => {
  it.each([
    ['sample.pdf', 'pdf'],
    ['sample.png', 'png'],
    ['sample.jpg', 'jpeg'],
    ['sample.asice', 'asic-e'],
    ['sample.bdoc', 'asic-e'],
    ['sample.edoc', 'asic-e'],
  ])('%s is detected as %s and matches its extension', (name, type) => {
    expect(detectFileType(fixture(name))).toBe(type);
    expect(contentMatchesExtension(name, fixture(name))).toBe(true);
    expect(fileContentProblem(name, fixture(name))).toBeUndefined();
  });

  it('a JPEG may be named .jpeg too', () => {
    expect(fileContentProblem('photo.jpeg', fixture('sample.jpg'))).toBeUndefined();
  });

  it.each([
    ['png-disguised-as.pdf', 'png'],
    ['text-disguised-as.jpg', 'unknown'],
    ['plain-zip-disguised-as.asice', 'unknown'],
    ['compressed-mimetype.bdoc', 'unknown'],
    ['wrong-mimetype.edoc', 'unknown'],
  ])('disguised %s (really %s) is refused', (name, type) => {
    expect(detectFileType(fixture(name))).toBe(type);
    expect(fileContentProblem(name, fixture(name))).toBe(MESSAGES.fileContentMismatch);
  });

  it('a real file under the wrong allowed extension is refused; an unknown extension is a type problem', () => {
    expect(fileContentProblem('statement.pdf', fixture('sample.asice'))).toBe(MESSAGES.fileContentMismatch);
    expect(fileContentProblem('statement.zip', fixture('sample.asice'))).toBe(MESSAGES.fileTypeNotAllowed);
    expect(detectFileType(new Uint8Array())).toBe('unknown');
  });
});

describe('additional documents period (section 5, Uploads)', () => {
  it('first day of the month 4 months back (3 for housing) to yesterday', () => {
    expect(additionalDocumentsPeriod({ housing: false, today: TODAY })).toEqual({ from: new Date(2025, 1, 1), to: new Date(2025, 5, 14) });
    expect(additionalDocumentsPeriod({ housing: true, today: TODAY })).toEqual({ from: new Date(2025, 2, 1), to: new Date(2025, 5, 14) });
    expect(additionalDocumentsPeriod({ housing: false, today: new Date(2025, 0, 1) })).toEqual({ from: new Date(2024, 8, 1), to: new Date(2024, 11, 31) });
  });
});
