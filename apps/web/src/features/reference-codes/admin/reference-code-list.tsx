import { Button } from '../../../shared/ui/button';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { Table, type Column } from '../../../shared/ui/table';
import { codeGivesText, codeStatus, codeTypeText, rangeText, usesText, validityText } from './reference-code-text';
import type { AdminReferenceCode } from './reference-codes-api';
import { Card, CardHead, CardList, CardTitle } from '../../../shared/ui/card-list';
import * as referenceCodesStyles from './reference-codes.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

export interface CodeListProps {
  codes: readonly AdminReferenceCode[];
  now: Date;
  onDisable: (code: AdminReferenceCode) => void;
}

function DisableButton({ code, onDisable }: { code: AdminReferenceCode; onDisable: (code: AdminReferenceCode) => void }) {
  if (code.disabledAt) return <span className="muted">—</span>;
  return (
    <Button size="sm" variant="ghost" className={adminStyles.adminActionsReject} onClick={() => onDisable(code)}>
      Disable<span className="visually-hidden"> {code.code}</span>
    </Button>
  );
}

function Status({ code, now }: { code: AdminReferenceCode; now: Date }) {
  const status = codeStatus(code, now);
  return <StatusBadge label={status.label} tone={status.tone} />;
}

/** The facts of a code, in the order both layouts show them. */
const FACTS: readonly { key: string; header: string; text: (code: AdminReferenceCode) => string }[] = [
  { key: 'type', header: 'Type', text: codeTypeText },
  { key: 'gives', header: 'Gives', text: codeGivesText },
  { key: 'range', header: 'Purchases', text: rangeText },
  { key: 'validity', header: 'Valid', text: validityText },
  { key: 'uses', header: 'Uses', text: usesText },
];

/** The codes as a table (992 px and wider). */
export function CodeTable({ codes, now, onDisable }: CodeListProps) {
  const columns: Column<AdminReferenceCode>[] = [
    { key: 'code', header: 'Code', rowHeader: true, cell: (code) => <span className={referenceCodesStyles.codeName}>{code.code}</span> },
    ...FACTS.map((fact) => ({ key: fact.key, header: fact.header, cell: fact.text })),
    { key: 'status', header: 'Status', cell: (code) => <Status code={code} now={now} /> },
    { key: 'actions', header: 'Actions', cell: (code) => <DisableButton code={code} onDisable={onDisable} /> },
  ];
  return (
    <div className={referenceCodesStyles.codeTable}>
      <Table caption="Reference codes" hideCaption columns={columns} rows={codes} rowKey={(code) => code.id} />
    </div>
  );
}

/** The codes as cards (below 992 px), with the same facts and action. */
export function CodeCards({ codes, now, onDisable }: CodeListProps) {
  return (
    <CardList className={referenceCodesStyles.codeCards} aria-label="Reference codes">
      {codes.map((code) => (
        <li key={code.id}>
          <Card aria-labelledby={`code-${code.id}`}>
            <CardHead>
              <CardTitle id={`code-${code.id}`} className={referenceCodesStyles.codeName}>
                {code.code}
              </CardTitle>
              <Status code={code} now={now} />
            </CardHead>
            <dl className={adminStyles.adminCardFacts}>
              {FACTS.map((fact) => (
                <div key={fact.key}>
                  <dt>{fact.header}</dt>
                  <dd>{fact.text(code)}</dd>
                </div>
              ))}
            </dl>
            <DisableButton code={code} onDisable={onDisable} />
          </Card>
        </li>
      ))}
    </CardList>
  );
}
