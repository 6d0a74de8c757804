/**
 * The index thread (started by `index-item.ts`): analyses each long item it is sent
 * into its index and its words (and, asked, its description), one message per item. A long page or PDF takes
 * 100-400 ms of CPU to analyse, which the main thread spends on requests instead.
 */
import { answerMessages } from '../threads/worker-thread';
import { buildItemIndex, type IndexableItem, type IndexOptions } from './index-item';

answerMessages(({ item, options }: { item: IndexableItem; options: IndexOptions }) => buildItemIndex(item, options));
