import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * What a reader of a PDF sees, page by page, as lines of text (items on one baseline joined by a
 * space, top to bottom): read with pdf.js, so embedded fonts and their ToUnicode maps are honoured
 * exactly as a viewer does.
 */
export async function pdfPages(pdf: Uint8Array): Promise<string[][]> {
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, disableFontFace: true, verbosity: 0, isEvalSupported: false });
  const document = await task.promise;
  try {
    const pages: string[][] = [];
    for (let n = 1; n <= document.numPages; n += 1) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      const lines = new Map<number, { x: number; text: string }[]>();
      for (const item of content.items) {
        if (!('str' in item) || item.str === '') continue;
        const y = Math.round(item.transform[5] as number);
        const key = [...lines.keys()].find((k) => Math.abs(k - y) <= 2) ?? y;
        const line = lines.get(key) ?? [];
        line.push({ x: item.transform[4] as number, text: item.str });
        lines.set(key, line);
      }
      pages.push(
        [...lines.entries()]
          .sort(([a], [b]) => b - a)
          .map(([, items]) =>
            items
              .sort((a, b) => a.x - b.x)
              .map((i) => i.text.trim())
              .filter(Boolean)
              .join(' '),
          ),
      );
      page.cleanup();
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** All pages' lines, one string per line. */
export async function pdfLines(pdf: Uint8Array): Promise<string[]> {
  return (await pdfPages(pdf)).flat();
}
