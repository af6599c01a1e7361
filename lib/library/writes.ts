import { z } from 'zod';
import { isVerseDbError, VerseDbError } from '../versedb/errors';
import type { CopyFields, VerseDbClient } from '../versedb/client';
import type { Scheduler } from '../scheduler';
import type { Library } from './library';

// The member's changes: add / update / remove a copy, wishlist and pull-list add / remove. Each one
// updates the local library at once. A collection add is not idempotent (each POST adds a copy), so
// one whose answer was lost is confirmed with a read before it is ever sent again. Changes made
// while offline wait in a persisted queue that the UI shows, and go out when VerseDB is reachable.

export const CopyFieldsSchema = z.object({
  variant_id: z.number().int().nullish(),
  condition: z.string().max(8).optional(),
  grade_score: z.string().max(10).nullish(),
  grading_company: z.string().max(20).nullish(),
  graded: z.boolean().optional(),
  price_paid: z.number().min(0).max(999999.99).nullish(),
  notes: z.string().max(1000).nullish(),
  purchased_at: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullish(),
});

export const WriteAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('copy-add'), issueId: z.number().int(), fields: CopyFieldsSchema }),
  z.object({ action: z.literal('copy-remove'), issueId: z.number().int(), copyId: z.number().int() }),
  z.object({ action: z.literal('wishlist-add'), issueId: z.number().int(), variantId: z.number().int().nullish() }),
  z.object({ action: z.literal('wishlist-remove'), issueId: z.number().int(), variantId: z.number().int().nullish() }),
  z.object({ action: z.literal('pull-list-add'), seriesId: z.number().int(), seriesName: z.string().max(300) }),
  z.object({ action: z.literal('pull-list-remove'), seriesId: z.number().int() }),
]);
export type WriteAction = z.infer<typeof WriteAction>;

const QueuedWrite = z.object({
  id: z.string(),
  queuedAt: z.number(),
  write: WriteAction,
  /** For a copy add whose answer may have been lost: the copies known before it, to confirm against. */
  knownCopyIds: z.array(z.number().int()).nullable(),
  lastError: z.string().nullable(),
});
export type QueuedWrite = z.infer<typeof QueuedWrite>;
const QUEUE_KEY = 'write-queue';

export type WriteResult = { kind: 'done'; copyId?: number } | { kind: 'queued'; queued: number; reason: string };

/** Failures that say "not now" rather than "no": the change waits in the queue. */
const TRANSIENT = new Set(['offline', 'outcome-unknown', 'unavailable', 'paused', 'rate-limited']);

export interface WriteDeps {
  client: () => VerseDbClient | null;
  scheduler: Scheduler;
  library: Library;
  /** The sync generation local copies belong to (see LibrarySync), so an ended full sync keeps them. */
  generation: () => Promise<number>;
  now?: () => number;
}

export class Writer {
  private readonly now: () => number;
  private flushing: Promise<number> | null = null;

  constructor(private readonly deps: WriteDeps) {
    this.now = deps.now ?? Date.now;
  }

  async queue(): Promise<QueuedWrite[]> {
    const parsed = z.array(QueuedWrite).safeParse(await this.deps.library.meta(QUEUE_KEY));
    return parsed.success ? parsed.data : [];
  }

  private async setQueue(queue: QueuedWrite[]): Promise<void> {
    await this.deps.library.setMeta(QUEUE_KEY, queue);
  }

  /**
   * Performs a change now; when VerseDB cannot take it now (offline, unreachable, out of quota, or
   * the answer was lost) it waits in the queue. Throws VerseDbError when VerseDB says no.
   */
  async perform(write: WriteAction): Promise<WriteResult> {
    const known = write.action === 'copy-add' ? await this.knownCopyIds(write.issueId) : null;
    try {
      return await this.send(write, known, false);
    } catch (error) {
      if (!isVerseDbError(error) || !TRANSIENT.has(error.kind)) throw error;
      const queue = await this.queue();
      queue.push({
        id: `${this.now()}-${queue.length}`,
        queuedAt: this.now(),
        write,
        // A copy add whose answer was lost may have happened: confirm before sending it again.
        knownCopyIds: error.kind === 'outcome-unknown' ? known : null,
        lastError: error.message,
      });
      await this.setQueue(queue);
      await this.applyLocally(write);
      return { kind: 'queued', queued: queue.length, reason: error.message };
    }
  }

  /** Sends queued changes in order; stops at the first that cannot go yet. Returns how many are left. */
  flushQueue(): Promise<number> {
    this.flushing ??= (async () => {
      let queue = await this.queue();
      while (queue.length > 0) {
        const [head, ...rest] = queue as [QueuedWrite, ...QueuedWrite[]];
        try {
          await this.send(head.write, head.knownCopyIds, head.knownCopyIds !== null);
        } catch (error) {
          if (isVerseDbError(error) && TRANSIENT.has(error.kind)) {
            const confirm = head.knownCopyIds ?? (error.kind === 'outcome-unknown' && head.write.action === 'copy-add' ? [] : null);
            await this.setQueue([{ ...head, knownCopyIds: confirm, lastError: error.message }, ...rest]);
            break;
          }
          // Refused for good (422, 404...): drop it rather than block the queue forever.
        }
        queue = rest;
        await this.setQueue(queue);
      }
      return queue.length;
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private client(): VerseDbClient {
    const client = this.deps.client();
    if (!client) throw new VerseDbError({ kind: 'unauthenticated', message: 'Sign in to VerseDB first.' });
    return client;
  }

  private write<T>(call: () => Promise<T>): Promise<T> {
    return this.deps.scheduler.run({ kind: 'write', priority: 'user' }, call);
  }

  private async knownCopyIds(issueId: number): Promise<number[]> {
    return (await this.deps.library.status(issueId, null)).copies.map((copy) => copy.copyId);
  }

  private async send(write: WriteAction, known: number[] | null, confirmFirst: boolean): Promise<WriteResult> {
    const client = this.client();
    switch (write.action) {
      case 'copy-add': {
        const copyId = await this.addCopy(client, write.issueId, write.fields, known ?? [], confirmFirst);
        return { kind: 'done', copyId };
      }
      case 'copy-remove':
        await this.write(() => client.removeCopy(write.issueId, write.copyId)).catch(ignore('not-found'));
        break;
      case 'wishlist-add':
        await this.write(() => client.addToWishlist(write.issueId, write.variantId));
        break;
      case 'wishlist-remove':
        await this.write(() => client.removeFromWishlist(write.issueId, write.variantId));
        break;
      case 'pull-list-add':
        await this.write(() => client.addToPullList(write.seriesId));
        break;
      case 'pull-list-remove':
        await this.write(() => client.removeFromPullList(write.seriesId));
        break;
    }
    await this.applyLocally(write);
    return { kind: 'done' };
  }

  /**
   * Adds one copy. A collection add is not idempotent, so when its answer is lost the copies VerseDB
   * holds for the issue are read and compared with those known before: a new one means the add
   * happened. It is sent again only when that read shows it did not.
   */
  private async addCopy(client: VerseDbClient, issueId: number, fields: CopyFields, known: number[], confirmFirst: boolean): Promise<number> {
    if (confirmFirst) {
      const appeared = await this.newCopy(client, issueId, known);
      if (appeared !== null) {
        await this.applyCopy(issueId, appeared, fields);
        return appeared;
      }
    }
    try {
      const added = await this.write(() => client.addCopy(issueId, fields));
      await this.applyCopy(issueId, added.copyId, fields);
      return added.copyId;
    } catch (error) {
      if (!isVerseDbError(error, 'outcome-unknown')) throw error;
      // If the confirming read fails too, the add stays "outcome unknown": it is queued to be confirmed.
      const appeared = await this.newCopy(client, issueId, known).catch(() => {
        throw error;
      });
      if (appeared === null) {
        throw new VerseDbError({ kind: 'unavailable', message: 'VerseDB lost the new copy; it will be sent again.', status: null });
      }
      await this.applyCopy(issueId, appeared, fields);
      return appeared;
    }
  }

  /** The id of a copy of the issue that VerseDB has and we did not know of, if any. */
  private async newCopy(client: VerseDbClient, issueId: number, known: number[]): Promise<number | null> {
    const check = await this.deps.scheduler.run({ kind: 'read', priority: 'user' }, () => client.checkCollection(issueId));
    const before = new Set(known);
    return check.copies.find((copy) => !before.has(copy.copyId))?.copyId ?? null;
  }

  private async applyCopy(issueId: number, copyId: number, fields: CopyFields): Promise<void> {
    await this.deps.library.putCopies([
      {
        copyId,
        issueId,
        variantId: fields.variant_id ?? null,
        condition: fields.condition ?? null,
        gradeScore: fields.grade_score ?? null,
        addedAt: new Date(this.now()).toISOString(),
        generation: await this.deps.generation(),
      },
    ]);
  }

  private async applyLocally(write: WriteAction): Promise<void> {
    const { library } = this.deps;
    const at = new Date(this.now()).toISOString();
    switch (write.action) {
      case 'copy-remove':
        return library.removeCopy(write.copyId);
      case 'wishlist-add':
        return library.addToWishlist(write.issueId, write.variantId ?? null, at);
      case 'wishlist-remove':
        return library.removeFromWishlist(write.issueId, write.variantId ?? null);
      case 'pull-list-add':
        return library.addToPullList({ seriesId: write.seriesId, seriesName: write.seriesName, coverUrl: null });
      case 'pull-list-remove':
        return library.removeFromPullList(write.seriesId);
      case 'copy-add':
        return; // a queued add has no copy id yet; it shows in the queue until it is sent
    }
  }
}

function ignore(kind: 'not-found') {
  return (error: unknown) => {
    if (!isVerseDbError(error, kind)) throw error;
  };
}
