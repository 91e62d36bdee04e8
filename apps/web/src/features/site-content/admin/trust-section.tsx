import { hasPlaceholder, TRUST_LABELS, TRUST_LIMITS, TRUST_PAGE, TRUST_STATEMENT_KEYS, TrustStatementsSchema, type TrustStatementKey, type TrustStatements } from '@landunits/domain';
import type { AdminTrustStatements } from '@landunits/domain/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { useForm, type SubmitHelpers } from '../../../shared/lib/use-form';
import { Button } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { FormAlert } from '../../../shared/ui/form-alert';
import { Skeleton } from '../../../shared/ui/spinner';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { TextArea } from '../../../shared/ui/text-area';
import { showToast } from '../../../shared/ui/toast-store';
import { CONTENT_ROOT, contentApi, contentKeys } from './content-api';
import * as styles from './content.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

const HINTS: Readonly<Record<TrustStatementKey, string>> = {
  regulatoryLine: 'One line under every page: who runs the service and its registration or authorisation status.',
  regulatory: `On ${TRUST_PAGE.path}: who operates the service, where it is registered, whether and by whom it is authorised, and how to complain. A blank line starts a new paragraph.`,
  security: `On ${TRUST_PAGE.path}: how customers’ money and data are protected and how to report a vulnerability.`,
};

/** Whether the public site shows the text as it stands in the form. */
const shownText = (value: string) => value.trim() !== '' && !hasPlaceholder(value);

function TrustForm({ stored }: { stored: AdminTrustStatements }) {
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const save = async (data: TrustStatements, { showServerErrors }: SubmitHelpers) => {
    setFailure(null);
    try {
      const saved = await contentApi.updateTrust(data);
      const shown = TRUST_STATEMENT_KEYS.filter((k) => saved.shown[k]).length;
      showToast(
        shown === TRUST_STATEMENT_KEYS.length ? 'Saved. All three are shown on the public site.' : `Saved. ${shown} of ${TRUST_STATEMENT_KEYS.length} are shown on the public site.`,
        'success',
      );
      await client.invalidateQueries({ queryKey: CONTENT_ROOT });
      await client.invalidateQueries({ queryKey: ['site', 'trust'] });
    } catch (error) {
      const others = isApiError(error) ? showServerErrors(error.errors) : [];
      if (others.length) setFailure(others.join(' '));
      else if (!isApiError(error) || Object.keys(error.errors).length === 0) setFailure(errorMessage(error));
    }
  };
  const form = useForm<TrustStatementKey, TrustStatements>(TrustStatementsSchema, stored.statements, save);

  return (
    <form {...form.formProps} className={styles.contentForm} aria-labelledby="trust-title">
      {TRUST_STATEMENT_KEYS.map((key) => {
        const field = form.field(key);
        const shown = shownText(field.value);
        return (
          <div key={key}>
            <TextArea
              {...field}
              onChange={(e) => field.onChange({ target: { value: e.currentTarget.value } } as ChangeEvent<HTMLInputElement>)}
              label={TRUST_LABELS[key]}
              hint={HINTS[key]}
              rows={key === 'regulatoryLine' ? 2 : 7}
              maxChars={TRUST_LIMITS[key]}
            />
            <StatusBadge
              label={shown ? 'Shown on the public site once saved' : field.value.trim() === '' ? 'Empty: not shown' : 'Not shown: a [placeholder] is left'}
              tone={shown ? 'success' : 'warning'}
            />
          </div>
        );
      })}
      <FormAlert>{failure}</FormAlert>
      <div className={styles.newsEditorActions}>
        <Button type="submit" loading={form.submitting}>
          Save statements
        </Button>
      </div>
    </form>
  );
}

/**
 * The regulatory and security statements (decision 0065), on the content admin's team page until
 * they have a page of their own: placeholders in [square brackets] until the operator writes the
 * facts; a statement with one left (or empty) is not shown on the public site. Saved with an audit row.
 */
export function AdminTrustSection() {
  const query = useQuery({ queryKey: contentKeys.trust(), queryFn: ({ signal }) => contentApi.getTrust(signal), staleTime: 0, meta: { silent: true } });
  let body;
  if (query.isPending) body = <Skeleton height="20rem" />;
  else if (query.isError)
    body = <ErrorState headingLevel={3} title="The statements could not be loaded" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else body = <TrustForm key={query.data.version} stored={query.data} />;
  return (
    <section className={styles.contentSection} aria-labelledby="trust-title">
      <h2 id="trust-title" className={adminStyles.adminOrdersTitle}>
        Regulatory and security statements
      </h2>
      <p className="muted">
        What the site says about who runs it, its registration or authorisation, complaints, and how money and data are protected. Replace every part in [square brackets] with the facts; a statement
        is shown in the site footer and on {TRUST_PAGE.path} only when none is left. State only what is true: the site adds nothing of its own.
      </p>
      {body}
    </section>
  );
}
