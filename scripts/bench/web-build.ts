import path from 'node:path';
import { build, type Plugin } from 'vite';

/** Which source modules went into each built chunk, keyed by the chunk's URL path (/assets/...). */
export type ChunkModules = Map<string, string[]>;

/** The large libraries we keep out of pages that do not need them, by where their modules live. */
const HEAVY_LIBRARIES: Array<{ label: string; pattern: RegExp }> = [
  { label: 'editor (Tiptap/ProseMirror)', pattern: /node_modules\/(@tiptap\/|prosemirror-)/ },
  { label: 'chart (recharts)', pattern: /node_modules\/(recharts|d3-)/ },
  { label: 'drag-and-drop (dnd-kit)', pattern: /node_modules\/@dnd-kit\// },
  // Forms check their input with it; the endpoints' schemas stay out of the web (decision 43).
  { label: 'schemas (zod)', pattern: /node_modules\/zod\// },
];

/**
 * `vite build` with the project's vite.config.ts (what `npx vite build` does),
 * plus a plugin that only notes each chunk's modules, so the bench can say
 * which pages pull in the heavy libraries.
 */
export async function buildWeb(): Promise<ChunkModules> {
  const chunks: ChunkModules = new Map();
  const recorder: Plugin = {
    name: 'lore-bench-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(`/${output.fileName}`, [...output.moduleIds]);
      }
    },
  };
  console.log('Building the web app (vite build)...');
  await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'warn', plugins: [recorder] });
  return chunks;
}

/** The heavy libraries among the modules of the given chunks (empty when the build was skipped). */
export function librariesIn(chunks: ChunkModules, files: string[]): string[] {
  const modules = files.flatMap((file) => chunks.get(file) ?? []);
  return HEAVY_LIBRARIES.filter(({ pattern }) => modules.some((id) => pattern.test(id.replaceAll('\\', '/')))).map(
    ({ label }) => label,
  );
}
