import { QuestionListQuerySchema, type QuestionListQuery } from '@landunits/domain/contracts';
import type { QuestionView } from '@landunits/domain';
import { addressParams } from '../../shared/lib/address-params';

/** The question lists keep their filter and page in the address (`?questionViewBy=Own&page=2`). */
export const PARAM_KEYS = ['questionViewBy', 'page'] as const;
export type RawParams = Readonly<Record<(typeof PARAM_KEYS)[number], string>>;

export function questionParams(preset: QuestionView) {
  return addressParams(PARAM_KEYS, { questionViewBy: preset, page: '1' }, QuestionListQuerySchema);
}
export type { QuestionListQuery };
