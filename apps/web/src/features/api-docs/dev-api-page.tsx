import { PLATFORM_CONTRACTS } from '@landunits/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, urlOf } from '../../shared/api/api-client';
import { errorMessage } from '../../shared/api/api-error';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import * as styles from './dev-api.module.css';

/** The parts of an OpenAPI 3.1 document this page shows (the document is GET /api/openapi.json). */
interface Media {
  schema?: unknown;
}
interface Operation {
  summary?: string;
  tags?: string[];
  'x-auth'?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>;
}
export interface OpenApiDocument {
  info?: { title?: string };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** GET /api/openapi.json, linked from the page. */
const OPENAPI_URL = urlOf(PLATFORM_CONTRACTS.openapi, {});

const apiDocQuery = {
  queryKey: ['dev-api', 'openapi'],
  // The contract's answer is any JSON object; OpenApiDocument names the parts this page reads.
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await call(PLATFORM_CONTRACTS.openapi, { signal })) as unknown as OpenApiDocument,
  staleTime: 0,
  retry: false,
  meta: { silent: true },
} as const;

function Schema({ label, schema }: { label: string; schema: unknown }) {
  return (
    <details className={styles.devApiSchema}>
      <summary>{label}</summary>
      <pre>{JSON.stringify(schema, null, 2)}</pre>
    </details>
  );
}

function OperationCard({ method, path, operation }: { method: string; path: string; operation: Operation }) {
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const parameters = operation.parameters ?? [];
  return (
    <li className={styles.devApiOperation}>
      <h3 className={styles.devApiRoute}>
        <span className={styles.devApiMethod}>{method.toUpperCase()}</span> <code>{path}</code>
      </h3>
      <p>
        {operation.summary} <span className={styles.devApiAuth}>Auth: {operation['x-auth'] ?? 'public'}</span>
      </p>
      {parameters.length > 0 ? <p className={styles.devApiParams}>Parameters: {parameters.map((p) => `${p.name} (${p.in}${p.required ? ', required' : ''})`).join(', ')}</p> : null}
      {body ? <Schema label="Request body" schema={body} /> : null}
      {Object.entries(operation.responses ?? {}).map(([status, answer]) => {
        const media = Object.entries(answer.content ?? {})[0];
        const label = `${status}: ${answer.description ?? ''}`;
        return media ? (
          <Schema key={status} label={label} schema={media[1].schema} />
        ) : (
          <p key={status} className={styles.devApiStatus}>
            {label}
          </p>
        );
      })}
    </li>
  );
}

/** /dev/api: every API route with its auth, request and answers, read from the OpenAPI document. */
export function DevApiPage() {
  const query = useQuery(apiDocQuery);
  const operations = Object.entries(query.data?.paths ?? {}).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((method) => ({ path, method, operation: item[method] as Operation })));
  const areas = [...new Set(operations.map((o) => o.operation.tags?.[0] ?? 'Other'))];
  return (
    <div className="page">
      <p className="dev-badge">Development tool</p>
      <h1 tabIndex={-1}>API reference</h1>
      <p className={styles.devApiLead}>
        Every route of the API, generated from the route contracts. The machine-readable document is at <a href={OPENAPI_URL}>{OPENAPI_URL}</a>.
      </p>
      {query.isPending ? <Skeleton height="12rem" /> : null}
      {query.isError ? <ErrorState title="The API reference could not be loaded" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} /> : null}
      {areas.map((area) => (
        <section key={area} aria-labelledby={`dev-api-${area}`}>
          <h2 id={`dev-api-${area}`}>{area}</h2>
          <ul className={styles.devApiList}>
            {operations
              .filter((o) => (o.operation.tags?.[0] ?? 'Other') === area)
              .map((o) => (
                <OperationCard key={`${o.method} ${o.path}`} {...o} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/dev/api': DevApiPage,
};
