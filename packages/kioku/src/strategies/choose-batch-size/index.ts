export { type BatchSizeChoice, type ChooseBatchSizeOptions, chooseBatchSize } from './choose-batch-size.js';
