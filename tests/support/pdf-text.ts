/**
 * A small reader of the text lines of an uncompressed PDF drawn by pdfkit with embedded fonts (the
 * contract documents' tests, issue 12): each `[...] TJ` is a line of glyph ids, which the fonts'
 * ToUnicode maps turn back into text. Without knowing which font a line used, every line is read
 * with every map; a test looks for its text among all of them.
 */
function toUnicodeMaps(pdf: string): Map<number, string>[] {
  const maps: Map<number, string>[] = [];
  for (const block of pdf.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const map = new Map<number, string>();
    for (const range of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
      const start = parseInt(range[1]!, 16);
      const targets = [...range[3]!.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((target) =>
        target[1]!
          .trim()
          .split(/\s+/)
          .map((code) => String.fromCodePoint(parseInt(code, 16)))
          .join(''),
      );
      targets.forEach((text, index) => map.set(start + index, text));
    }
    maps.push(map);
  }
  return maps;
}

export function pdfTextLines(pdf: Uint8Array): string[] {
  const source = Buffer.from(pdf).toString('latin1');
  const maps = toUnicodeMaps(source);
  const runs = [...source.matchAll(/\[([^[\]]*)\] TJ/g)].map((run) =>
    [...run[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => hex[1]!).join(''),
  );
  const lines: string[] = [];
  for (const map of maps) {
    for (const run of runs) {
      let text = '';
      for (let i = 0; i + 4 <= run.length; i += 4) text += map.get(parseInt(run.slice(i, i + 4), 16)) ?? '\uFFFD';
      lines.push(text);
    }
  }
  return lines;
}

/** Whether the PDF shows `text` within one line. */
export function pdfShows(pdf: Uint8Array, text: string): boolean {
  return pdfTextLines(pdf).some((line) => line.includes(text));
}
