import { FILE_MESSAGES, IMAGE_FILE_TYPES, SITE_API } from '@landunits/domain';
import { CONTENT_MESSAGES, IMAGE_ID_PATTERN, type SiteImage } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { acceptDocument } from '../../platform/files';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import type { UploadedFile } from '../../platform/http/multipart';
import { recordAudit, type AuditActor } from '../audit';
import { siteImages } from './schema';

/** The file-store kind of the website's images (not sensitive: they are shown to everyone). */
export const SITE_IMAGE_KIND = 'site-image';

/** Where the site shows an uploaded image: named by its content, so cached for a year. */
export const imageUrl = (sha256: string): string => `${SITE_API.images}/${sha256}`;

type SiteImageRow = typeof siteImages.$inferSelect;

const toSiteImage = (row: SiteImageRow): SiteImage => ({ id: row.sha256, url: imageUrl(row.sha256), contentType: row.contentType, size: row.size });

/** One of the website's images by its id (the SHA-256 of its content); undefined for anything else. */
export async function findSiteImage(db: Db, id: string): Promise<SiteImageRow | undefined> {
  if (!IMAGE_ID_PATTERN.test(id)) return undefined;
  const [row] = await db.select().from(siteImages).where(eq(siteImages.sha256, id));
  return row;
}

/** An image an article or a team member is about to use must have been uploaded (400 on `field` otherwise). */
export async function requireSiteImage(db: Db, id: string, field: string): Promise<void> {
  const [row] = await db.select({ sha256: siteImages.sha256 }).from(siteImages).where(eq(siteImages.sha256, id));
  if (!row) throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, { [field]: CONTENT_MESSAGES.imageUnknown });
}

/**
 * POST /api/admin/site/images: a file `readMultipart` stored, accepted only as a JPEG or PNG
 * (decoded, re-encoded without metadata) and listed among the website's images under the SHA-256
 * of what was stored. The same picture uploaded again is the same image: the new copy is deleted
 * and nothing is recorded (nothing changed). A refused or failed upload leaves no file behind.
 */
export async function uploadSiteImage(ctx: AppContext, admin: AuditActor, file: UploadedFile): Promise<SiteImage> {
  const accepted = await acceptDocument(ctx.storage, file, { types: IMAGE_FILE_TYPES, message: FILE_MESSAGES.imageOnly });
  let keep = false;
  try {
    const row = await inTransaction(ctx.db, async (tx) => {
      const now = ctx.clock.now();
      const [inserted] = await tx
        .insert(siteImages)
        .values({ sha256: accepted.sha256, key: accepted.key, contentType: accepted.contentType, size: accepted.size, createdBy: admin.userId, createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (!inserted) {
        const [existing] = await tx.select().from(siteImages).where(eq(siteImages.sha256, accepted.sha256));
        if (!existing) throw new Error('an image vanished while being uploaded again');
        return existing;
      }
      await recordAudit(tx, {
        actor: admin,
        at: now,
        action: 'siteImage.upload',
        targetType: 'siteImage',
        targetId: inserted.sha256,
        before: null,
        after: { contentType: inserted.contentType, size: inserted.size, filename: accepted.filename.slice(0, 255) },
      });
      return inserted;
    });
    keep = row.key === accepted.key;
    return toSiteImage(row);
  } finally {
    if (!keep) await ctx.storage.delete(accepted.key);
  }
}
