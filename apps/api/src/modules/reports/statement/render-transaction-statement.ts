import { PassThrough, pipeline } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { StatementQuery } from '@landunits/domain';
import type { AppContext } from '../../../platform/context';
import { contentDisposition } from '../../../platform/files/send-document';
import { heldPostingsQuery, type HeldPostingRow } from '../../ledger';
import { orderViewsFor } from '../../orders';
import type { UserRow } from '../../users';
import { csvStatementWriter } from './csv';
import { closingLine, noneLine, openingLine, postingLines } from './lines';
import { renderedPdfStatementWriter } from './pdf';
import { planStatement, type StatementPlan } from './plan';
import { withSnapshot, type Snapshot } from './snapshot';
import { statementFileName, type StatementWriter } from './writer';

async function writerFor(ctx: AppContext, format: StatementQuery['format'], plan: StatementPlan): Promise<StatementWriter> {
  if (format === 'csv') return csvStatementWriter();
  // The spreadsheet writer is loaded on the first spreadsheet statement, not at start.
  if (format === 'xlsx') return (await import('./xlsx')).xlsxStatementWriter(plan);
  return renderedPdfStatementWriter(ctx.documents, plan);
}

/**
 * Streams the signed-in person's transaction statement (decision 0023). The totals of every unit
 * type are read first (page 1 of the PDF), then each unit type's postings in batches from one
 * consistent snapshot, drawn as they arrive: a batch is read only when the client has taken the
 * last one, and reading stops when the client goes away. Nothing is stored. The PDF is drawn in a
 * render thread; the caller runs this in the person's turn (DocumentRenderer.forPerson).
 *
 * Resolves with nothing, never with `reply`: a reply is a thenable that settles when its response
 * ends, and one destroyed before it is awaited never settles, which would keep the person's turn.
 */
export async function sendTransactionStatement(ctx: AppContext, reply: FastifyReply, user: UserRow, query: StatementQuery): Promise<void> {
  const now = ctx.clock.now();
  await withSnapshot(ctx.db, async (snapshot) => {
    const plan = await planStatement(snapshot.db, user, query, now);
    const writer = await writerFor(ctx, query.format, plan);
    // A drawing that fails before its first page is still a JSON error (nothing is sent yet).
    if (writer.opened) {
      try {
        await writer.opened;
      } catch (error) {
        await writer.cancel?.();
        throw error;
      }
    }
    // The reply reads `body`; the writer's stream is piped into it at once, so nothing it writes is missed.
    const body = new PassThrough({ highWaterMark: 64 * 1024 });
    let gone = false;
    pipeline(writer.stream, body, (error) => {
      if (error) gone = true;
    });
    body.on('close', () => {
      if (!body.writableFinished) gone = true;
    });
    reply
      .header('content-type', writer.contentType)
      .header('content-disposition', contentDisposition(statementFileName(plan, query.format)))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('cache-control', 'private, no-store')
      .send(body);
    try {
      await writeStatement(snapshot, plan, writer, () => gone);
    } catch (error) {
      // Headers are gone: end the download broken rather than leave the client waiting.
      reply.log.error({ err: error }, 'statement failed while streaming');
      body.destroy(error as Error);
    } finally {
      await writer.cancel?.();
    }
  });
}

async function writeStatement(snapshot: Snapshot, plan: StatementPlan, writer: StatementWriter, gone: () => boolean): Promise<void> {
  writer.start(plan);
  for (const summary of plan.summaries) {
    if (gone()) return;
    writer.write(openingLine(plan, summary));
    let balance = summary.opening;
    if (summary.postings > 0 && summary.lastId) {
      const lastId = summary.lastId;
      await snapshot.batches<HeldPostingRow>(
        (page) => heldPostingsQuery(plan.holder, summary.unitType, { from: plan.from, until: plan.until, upToId: lastId, ...page }),
        async (rows) => {
          const views = await orderViewsFor(
            snapshot.db,
            plan.userId,
            rows.flatMap((r) => (r.orderId ? [r.orderId] : [])),
          );
          for (const row of rows) {
            balance += BigInt(row.units);
            for (const line of postingLines(row, row.orderId ? views.get(row.orderId) : undefined, summary, balance)) writer.write(line);
          }
          await writer.whenRead();
          return !gone();
        },
      );
    } else {
      writer.write(noneLine(plan, summary));
    }
    if (gone()) return;
    writer.write(closingLine(plan, summary));
    await writer.whenRead();
  }
  if (!gone()) await writer.end();
}
