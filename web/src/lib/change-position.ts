import { CHANGE_POSITION_HEADER } from '@common/live';

/** The oldest change position among this page's API answers (decision 19): its data reflects every change up to it. */
let oldest: number | undefined;

/** Notes an answer's change position. */
export function noteChangePosition(response: Response) {
  const position = Number(response.headers.get(CHANGE_POSITION_HEADER) ?? NaN);
  if (Number.isSafeInteger(position) && position >= 0 && (oldest === undefined || position < oldest)) oldest = position;
}

/** Where this page's data is known to be up to date, if any answer said. */
export const oldestChangePosition = () => oldest;
