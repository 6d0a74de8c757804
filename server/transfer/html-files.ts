import { findAll, innerHtml, parseHtml, removeNode, type Element } from '../content/html-tree';

/** An image in HTML: its `src` and, for Lore's stored images, its `data-path`. */
export interface HtmlImage {
  src: string | null;
  dataPath: string | null;
}

/** What to do with an image: new attributes, or null to take it out. */
export type ImageRewrite = { src: string; dataPath?: string } | null;

/** A PDF viewer block in HTML (`<div data-type="pdf-viewer">`): its `data-src` and `data-filename`. */
export interface HtmlPdf {
  src: string | null;
  filename: string | null;
}

/** What to do with a PDF viewer block: a new source, or null to take it out. */
export type PdfRewrite = { src: string } | null;

/**
 * The HTML with each element `selector` finds changed by `change` (answering false leaves the HTML as it was written).
 * HTML in which `mayHold` finds nothing has no such element and is not parsed: most have no image, fewer a PDF.
 */
async function rewriteElements(
  html: string,
  { selector, mayHold }: { selector: string; mayHold: RegExp },
  change: (element: Element) => Promise<boolean> | boolean,
): Promise<string> {
  if (!mayHold.test(html)) return html;
  const fragment = parseHtml(html);
  let changed = false;
  for (const element of findAll(selector, fragment)) {
    if (await change(element)) changed = true;
  }
  return changed ? innerHtml(fragment) : html;
}

/** The HTML with each `<img>` changed as `rewrite` says (an image it leaves alone answers undefined). */
export function rewriteImages(
  html: string,
  rewrite: (image: HtmlImage) => ImageRewrite | undefined | Promise<ImageRewrite | undefined>,
): Promise<string> {
  return rewriteElements(html, { selector: 'img', mayHold: /<img\b/i }, async (img) => {
    const change = await rewrite({ src: img.attribs.src ?? null, dataPath: img.attribs['data-path'] ?? null });
    if (change === undefined) return false;
    if (change === null) {
      removeNode(img);
      return true;
    }
    img.attribs.src = change.src;
    if (change.dataPath) img.attribs['data-path'] = change.dataPath;
    else delete img.attribs['data-path'];
    return true;
  });
}

/** The HTML with each PDF viewer block changed as `rewrite` says (a block it leaves alone answers undefined). */
export function rewritePdfViewers(
  html: string,
  rewrite: (pdf: HtmlPdf) => PdfRewrite | undefined | Promise<PdfRewrite | undefined>,
): Promise<string> {
  const viewers = { selector: 'div[data-type="pdf-viewer"]', mayHold: /pdf-viewer/i };
  return rewriteElements(html, viewers, async (block) => {
    const change = await rewrite({
      src: block.attribs['data-src'] ?? null,
      filename: block.attribs['data-filename'] ?? null,
    });
    if (change === undefined) return false;
    if (change === null) removeNode(block);
    else block.attribs['data-src'] = change.src;
    return true;
  });
}
