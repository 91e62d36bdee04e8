import { IDEA_LIMITS, IDEA_MESSAGES as M, type IdeasQuery } from '@landunits/domain';
import type { AdminIdeaView, IdeaView } from '@landunits/domain/contracts';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { findUsersByIds, type Person } from '../users';
import { ideas, ideaSupports } from './schema';

export type IdeaRow = typeof ideas.$inferSelect;

/** "Ada L.": how the community names an idea's author (never their email). */
export const authorNameOf = (person: Person | undefined): string => (person ? `${person.firstName}${person.lastName ? ` ${[...person.lastName][0]}.` : ''}` : 'A former member');

/** An idea's id from the address (`/ideas/12/support`): 404 for anything but a whole number. */
export function ideaIdOf(params: unknown): number {
  const raw = String((params as { id?: unknown }).id ?? '');
  if (!/^\d{1,15}$/.test(raw)) throw new AppError('NOT_FOUND', M.notFound);
  return Number(raw);
}

export function toIdeaView(row: IdeaRow, people: Map<string, Person>, viewerId: string, supported: ReadonlySet<number>): IdeaView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    authorName: authorNameOf(people.get(row.authorId)),
    mine: row.authorId === viewerId,
    supportCount: row.supportCount,
    supportedByMe: supported.has(row.id),
    status: row.status,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export const toAdminIdeaView = (row: IdeaRow, people: Map<string, Person>, viewerId: string, supported: ReadonlySet<number>): AdminIdeaView => ({
  ...toIdeaView(row, people, viewerId, supported),
  hidden: row.hidden,
  hiddenReason: row.hiddenReason,
});

export async function viewsOf<V>(db: Db, rows: IdeaRow[], viewerId: string, view: typeof toIdeaView | typeof toAdminIdeaView): Promise<V[]> {
  if (rows.length === 0) return [];
  const people = await findUsersByIds(
    db,
    rows.map((r) => r.authorId),
  );
  const mine = await db
    .select({ ideaId: ideaSupports.ideaId })
    .from(ideaSupports)
    .where(
      and(
        eq(ideaSupports.userId, viewerId),
        inArray(
          ideaSupports.ideaId,
          rows.map((r) => r.id),
        ),
      ),
    );
  const supported = new Set(mine.map((m) => m.ideaId));
  return rows.map((row) => view(row, people, viewerId, supported) as V);
}

export async function pageOf(db: Db, where: SQL | undefined, sort: IdeasQuery['sort'], page: number): Promise<{ rows: IdeaRow[]; total: number }> {
  const order = sort === 'support' ? [desc(ideas.supportCount), desc(ideas.id)] : [desc(ideas.createdAt), desc(ideas.id)];
  const pageSize = IDEA_LIMITS.pageSize;
  const rows = await db
    .select()
    .from(ideas)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(ideas).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function ideaView(db: Db, id: number, viewerId: string): Promise<IdeaView> {
  const [row] = await db.select().from(ideas).where(eq(ideas.id, id));
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  const [view] = await viewsOf<IdeaView>(db, [row], viewerId, toIdeaView);
  return view!;
}

export async function adminIdeaView(db: Db, id: number, viewerId: string): Promise<AdminIdeaView> {
  const [row] = await db.select().from(ideas).where(eq(ideas.id, id));
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  const [view] = await viewsOf<AdminIdeaView>(db, [row], viewerId, toAdminIdeaView);
  return view!;
}

/**
 * The idea to support, locked FOR NO KEY UPDATE (the lock its count's update needs anyway), so
 * supports of one idea queue on its row instead of deadlocking between a shared lock and the
 * update; hidden ones are not found.
 */
export async function holdIdea(tx: Db, id: number): Promise<{ authorId: string }> {
  const [row] = await tx.select({ authorId: ideas.authorId, hidden: ideas.hidden }).from(ideas).where(eq(ideas.id, id)).for('no key update');
  if (!row || row.hidden) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

/** The idea an admin decides on, locked FOR UPDATE. */
export async function lockIdea(tx: Db, id: number): Promise<IdeaRow> {
  const [row] = await tx.select().from(ideas).where(eq(ideas.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}
