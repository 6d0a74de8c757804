import { CHANGE_POSITION_HEADER } from '@common/live';

/** The oldest change position among this page's API answers (decision 19): its data reflects every change up to it. */
let oldest: number | undefined;

/** Notes an answer's change position. */
export function noteChangePosition(response: Response) {
  noteOldestPosition(response.headers.get(CHANGE_POSITION_HEADER));
}

/** Notes a change position: an answer's header, or the one a page rendered by the server came with. */
export function noteOldestPosition(value: string | number | null | undefined) {
  const position = Number(value ?? NaN);
  if (Number.isSafeInteger(position) && position >= 0 && (oldest === undefined || position < oldest)) oldest = position;
}

/** Where this page's data is known to be up to date, if any answer said. */
export const oldestChangePosition = () => oldest;
