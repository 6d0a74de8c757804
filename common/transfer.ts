import { z } from 'zod';
import { formatCount } from './text';

const MB = 1024 * 1024;
/** Most bytes one import may bring: the files sent, and what the zips among them hold once unpacked. */
export const MAX_IMPORT_BYTES = 200 * MB;
/** Most files one import may bring (documents, images and the files inside zips together). */
export const MAX_IMPORT_FILES = 5000;
/** Said when an import is over MAX_IMPORT_BYTES. */
export const IMPORT_TOO_LARGE_MESSAGE = `An import can be at most ${MAX_IMPORT_BYTES / MB} MB`;
/** Said when an import has more than MAX_IMPORT_FILES files. */
export const IMPORT_TOO_MANY_FILES_MESSAGE = `An import can have at most ${formatCount(MAX_IMPORT_FILES)} files`;
/** Said when an import has no file. */
export const IMPORT_EMPTY_MESSAGE = 'Choose at least one file to import';
/** Why a document was skipped that an earlier run of the same import already brought in (decision 28). */
export const IMPORT_ALREADY_IMPORTED_REASON = 'Already imported';
/** What the importer reads, as file pickers name it. */
export const IMPORT_ACCEPT =
  '.md,.markdown,.html,.htm,.txt,.csv,.pdf,.zip,text/markdown,text/html,text/plain,text/csv,application/pdf,application/zip';

/** What became of one document of an import. */
export const importedFileSchema = z.object({
  path: z.string(),
  status: z.enum(['imported', 'skipped']),
  /** Why it was skipped, or what was left out of an imported one (an image it could not find). */
  reason: z.string().optional(),
  knowledgeId: z.uuid().optional(),
  title: z.string().optional(),
});
export type ImportedFile = z.infer<typeof importedFileSchema>;

/** The links between an import's files: how many now lead to the new items, and each that could not, with why. */
export const importLinksSchema = z.object({
  rewritten: z.number().int(),
  unresolved: z.array(z.object({ path: z.string(), href: z.string(), reason: z.string() })),
});
export type ImportLinks = z.infer<typeof importLinksSchema>;

/**
 * A restored export's authors: how many items went back to their author (a member here, by address), and
 * whose items went to the importer because they are not.
 */
export const importAuthorsSchema = z.object({
  restored: z.number().int(),
  toImporter: z.array(z.object({ name: z.string().nullable(), email: z.string().nullable(), items: z.number().int() })),
});
export type ImportAuthors = z.infer<typeof importAuthorsSchema>;

/**
 * One line of an import's answer (NDJSON, decision 17): `start` with the number
 * of documents, `file` after each (with how many are done), then `done` with
 * the totals, the links and the authors; or `error` when the import stopped.
 */
export const importLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), total: z.number().int() }),
  z.object({ type: z.literal('file'), done: z.number().int(), total: z.number().int(), file: importedFileSchema }),
  z.object({
    type: z.literal('done'),
    imported: z.number().int(),
    skipped: z.number().int(),
    /** When the files linked to each other. */
    links: importLinksSchema.optional(),
    /** When an export (Lore's, Outline's) named its items' authors. */
    authors: importAuthorsSchema.optional(),
  }),
  z.object({ type: z.literal('error'), error: z.string() }),
]);
export type ImportLine = z.infer<typeof importLineSchema>;
