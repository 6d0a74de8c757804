import { parseHTML } from 'linkedom';

/** An image in HTML: its `src` and, for Lore's stored images, its `data-path`. */
export interface HtmlImage {
  src: string | null;
  dataPath: string | null;
}

/** What to do with an image: new attributes, or null to take it out. */
export type ImageRewrite = { src: string; dataPath?: string } | null;

/** The HTML with each `<img>` changed as `rewrite` says (an image it leaves alone answers undefined). */
export async function rewriteImages(
  html: string,
  rewrite: (image: HtmlImage) => ImageRewrite | undefined | Promise<ImageRewrite | undefined>,
): Promise<string> {
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`);
  const images = [...document.querySelectorAll('img')];
  if (images.length === 0) return html;
  for (const img of images) {
    const change = await rewrite({ src: img.getAttribute('src'), dataPath: img.getAttribute('data-path') });
    if (change === undefined) continue;
    if (change === null) {
      img.remove();
      continue;
    }
    img.setAttribute('src', change.src);
    if (change.dataPath) img.setAttribute('data-path', change.dataPath);
    else img.removeAttribute('data-path');
  }
  return document.body.innerHTML;
}
