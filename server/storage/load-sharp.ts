/** sharp (libvips), loaded with the first image re-encoded (an avatar, a PDF's thumbnail): most processes never need it. */
export const loadSharp = () => import('sharp').then((module) => module.default);
