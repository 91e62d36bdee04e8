import { ANSWER_AUTHOR_BADGES, type AnswerAuthorKind, formatDay } from '@landunits/domain';
import { StatusBadge } from '../../../shared/ui/status-badge';

/** The badge of an answer's author: a community agent or the Land Units team. */
export function AuthorBadge({ kind }: { kind: AnswerAuthorKind }) {
  return <StatusBadge label={ANSWER_AUTHOR_BADGES[kind]} tone={kind === 'team' ? 'teal' : 'lilac'} />;
}

export const askedOn = (iso: string) => formatDay(iso);
