import type { AppError } from '../errors';
import { forbidden } from '../errors';

/** One permission: when it is allowed, and the error that refuses it otherwise. */
export interface Rule<Context> {
  allows: (context: Context) => boolean;
  refusal: (context: Context) => AppError;
}

/** A rule; `refusal` is a message for a 403, or a function giving the exact error. */
export function rule<Context>(
  allows: (context: Context) => boolean,
  refusal: string | ((context: Context) => AppError),
): Rule<Context> {
  return { allows, refusal: typeof refusal === 'string' ? () => forbidden(refusal) : refusal };
}

/** Throws the rule's error unless it allows the context. Every permission check goes through here. */
export function authorize<Context>(permission: Rule<Context>, context: Context): void {
  if (!permission.allows(context)) throw permission.refusal(context);
}

/** What a set of rules allows in a context, as `{ name: boolean }`: the UI's `policies`, from the same rules. */
export function abilities<Context, Rules extends Record<string, Rule<Context>>>(
  rules: Rules,
  context: Context,
): { [Name in keyof Rules]: boolean } {
  return Object.fromEntries(Object.entries(rules).map(([name, r]) => [name, r.allows(context)])) as {
    [Name in keyof Rules]: boolean;
  };
}
