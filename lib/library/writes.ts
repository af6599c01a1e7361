import { z } from 'zod';
import { plural, t } from '../i18n';
import { isVerseDbError, VerseDbError } from '../versedb/errors';
import { CircuitOpenError } from '../circuit';
import type { CopyFields, VerseDbClient } from '../versedb/client';
import type { Scheduler } from '../scheduler';
import type { WriteRow } from '../store/db';
import type { Library } from './library';
import { newWriteId, WriteAction } from './write-action';

export { CopyFieldsSchema, newWriteId, WriteAction, WriteId } from './write-action';

// The member's changes: add / remove a copy, wishlist and pull-list add / remove, exactly once.
//
// Every change is a row in the `writes` store from the click until VerseDB has it, changed one row at a
// time, and rows go out in the order they were made, one member's at a time. A change shows in the
// local library at once. A collection add is not idempotent (each POST makes a copy, and a browser may
// resend a POST whose connection dropped), so every add is settled by VerseDB's collection check: the
// copies before and after it. Exactly one new copy is kept; a copy the member did not ask for is removed
// and the popup says so; no new copy means it did not happen, and it is sent again. Changes that cannot
// go now (offline, VerseDB failing, out of quota, token refused, signed out) wait, and survive restarts.

export type WriteResult = { kind: 'done'; copyId?: number } | { kind: 'queued'; queued: number; reason: string };

/** Failures that say "not now" rather than "no": the change waits in the queue. */
const TRANSIENT = new Set(['offline', 'outcome-unknown', 'unavailable', 'paused', 'rate-limited', 'malformed']);
/** Whether a failure says "not now" (the change may wait) rather than "no". */
export function waitsForNow(error: unknown): boolean {
  return error instanceof CircuitOpenError || (isVerseDbError(error) && TRANSIENT.has(error.kind));
}

/** Transient failures that say the request was never sent (or not taken): an add in them did not happen. */
const NOT_SENT = new Set(['paused', 'rate-limited']);
/** Failures that say "not with this token": the change waits until the member signs in again. */
const NEEDS_SIGN_IN = new Set(['unauthenticated', 'forbidden', 'missing-scope']);

/** Settled rows are kept this long: for a sync that read VerseDB before them, and the popup's notices. */
const KEEP_SETTLED = 24 * 3_600_000;
const LEGACY_QUEUE_KEY = 'write-queue';

/** A change whose issue is still to be found from its code (see WriteRow.code). */
function awaitsIssue(row: WriteRow): boolean {
  return Boolean(row.code) && 'issueId' in row.write && row.write.issueId <= 0;
}

export interface WriteDeps {
  client: () => VerseDbClient | null;
  scheduler: Scheduler;
  library: Library;
  /** The sync generation local copies belong to (see LibrarySync), so an ended full sync keeps them. */
  generation: () => Promise<number>;
  /** The signed-in member (`address#id`), or null when signed out. A change waits for its own member. */
  member: () => string | null;
  /** Changes at every sign-out and account switch: an answer that arrives after it changes nothing local. */
  epoch?: () => number;
  now?: () => number;
  /** The issue a code names (lib/status.ts StatusResolver.issueIdFor), for changes queued before it was found. */
  issueFor?: (code: string) => Promise<number>;
}

export interface WriteQueueState {
  /** The signed-in member's changes not yet in VerseDB (or every waiting change, when signed out). */
  waiting: number;
  /** Of those, how many wait for the member to sign in again (token refused, or signed out). */
  needSignIn: number;
  /** What Longbox tidied up or VerseDB refused in the last day, in the member's words. */
  notices: string[];
}

export class Writer {
  private readonly now: () => number;
  private flushing: Promise<number> | null = null;
  private migrated: Promise<void> | null = null;
  /** Refusals seen in this worker's life, so the click that made a refused change gets VerseDB's words. */
  private readonly refusals = new Map<string, VerseDbError>();
  /** Changes being made now, by id: a second message with the same id joins the first. */
  private readonly performing = new Map<string, Promise<WriteResult>>();

  constructor(private readonly deps: WriteDeps) {
    this.now = deps.now ?? Date.now;
  }

  private get db() {
    return this.deps.library.db;
  }

  private epoch(): number {
    return this.deps.epoch?.() ?? 0;
  }

  /**
   * Makes a change: it is recorded, shown locally, and sent after any earlier change of the member's
   * that still waits. Answers `done`, or `queued` when VerseDB cannot take it now; throws VerseDbError
   * when VerseDB says no. The same `id` twice is one change (a message delivered twice, a double click).
   */
  perform(write: WriteAction, id: string = newWriteId(), code: string | null = null): Promise<WriteResult> {
    const running = this.performing.get(id);
    if (running) return running;
    const performing = this.performOnce(WriteAction.parse(write), id, code).finally(() => this.performing.delete(id));
    this.performing.set(id, performing);
    return performing;
  }

  /**
   * Records many changes at once (an order's copies) and starts sending them, without waiting for
   * VerseDB: each is shown locally at once and goes in order as the quota allows. An id already
   * recorded is not recorded again, so the same order added twice is added once. Returns how many
   * were new.
   */
  async enqueue(changes: ReadonlyArray<{ id: string; write: WriteAction }>): Promise<number> {
    await this.migrate();
    const member = this.deps.member();
    if (!member) throw new VerseDbError({ kind: 'unauthenticated', message: t('library_sign_in_first') });
    let added = 0;
    for (const change of changes) {
      if (await this.row(change.id)) continue;
      await this.record(change.id, member, WriteAction.parse(change.write), null);
      added += 1;
    }
    void this.flushQueue().catch(() => undefined);
    return added;
  }

  /** Where each of these changes stands; `unknown` for one no longer kept (settled over a day ago) or never made. */
  async states(ids: readonly string[]): Promise<Map<string, { state: WriteRow['state'] | 'unknown'; lastError: string | null; needsSignIn: boolean }>> {
    const states = new Map<string, { state: WriteRow['state'] | 'unknown'; lastError: string | null; needsSignIn: boolean }>();
    const wanted = new Set(ids);
    for (const row of await this.db.getAll('writes')) {
      if (wanted.has(row.id)) states.set(row.id, { state: row.state, lastError: row.lastError, needsSignIn: row.needsSignIn });
    }
    for (const id of ids) if (!states.has(id)) states.set(id, { state: 'unknown', lastError: null, needsSignIn: false });
    return states;
  }

  private async performOnce(write: WriteAction, id: string, code: string | null): Promise<WriteResult> {
    await this.migrate();
    let row = await this.row(id);
    if (!row) {
      const member = this.deps.member();
      // Signed in with a token VerseDB refused, the change still waits for this member's next sign-in.
      if (!member) throw new VerseDbError({ kind: 'unauthenticated', message: t('library_sign_in_first') });
      row = await this.record(id, member, write, code);
    }
    if (row.state === 'pending' || row.state === 'sending') {
      await this.flushQueue();
      row = (await this.row(id)) ?? row;
      if ((row.state === 'pending' || row.state === 'sending') && row.lastError === null) {
        // A flush that was ending as this change was recorded did not see it: one more pass.
        await this.flushQueue();
        row = (await this.row(id)) ?? row;
      }
    }
    return this.answerFor(row);
  }

  /** A new change: its row, and the change shown in the local library (once its issue is known). */
  private async record(id: string, member: string, write: WriteAction, code: string | null): Promise<WriteRow> {
    const row: WriteRow = {
      id, member, write, state: 'pending', queuedAt: this.now(), settledAt: null,
      copiesBefore: null, copyId: null, lastError: null, needsSignIn: false, notice: null, code,
    };
    row.seq = await this.db.add('writes', row);
    // A change whose issue is still to be found shows locally once it is.
    if (!awaitsIssue(row)) await this.applyLocally(write);
    return row;
  }

  private async answerFor(row: WriteRow): Promise<WriteResult> {
    switch (row.state) {
      case 'done':
        return row.copyId === null ? { kind: 'done' } : { kind: 'done', copyId: row.copyId };
      case 'refused':
        throw this.refusals.get(row.id) ?? new VerseDbError({ kind: 'invalid', message: row.lastError ?? t('library_change_refused'), fields: {} });
      default: {
        const reason = row.needsSignIn || !this.deps.client()
          ? t('library_queued_sign_in')
          : (row.lastError ?? t('library_queued_behind'));
        return { kind: 'queued', queued: (await this.queueState()).waiting, reason };
      }
    }
  }

  /** The rows still waiting, in order (the signed-in member's, or everyone's when signed out). */
  async queue(): Promise<WriteRow[]> {
    await this.migrate();
    const member = this.deps.member();
    const rows = await this.db.getAll('writes');
    return rows.filter((row) => (row.state === 'pending' || row.state === 'sending') && (member === null || row.member === member));
  }

  async queueState(): Promise<WriteQueueState> {
    const member = this.deps.member();
    const signedIn = member !== null && this.deps.client() !== null;
    const waiting = await this.queue();
    const since = this.now() - KEEP_SETTLED;
    const notices = (await this.db.getAll('writes'))
      .filter((row) => row.notice !== null && (row.settledAt ?? 0) >= since && (member === null || row.member === member))
      .map((row) => row.notice ?? '');
    return {
      waiting: waiting.length,
      needSignIn: signedIn ? waiting.filter((row) => row.needsSignIn).length : waiting.length,
      notices,
    };
  }

  /** Sends waiting changes in order; stops at the first that cannot go yet. Returns how many are left. */
  flushQueue(): Promise<number> {
    this.flushing ??= (async () => {
      await this.migrate();
      for (;;) {
        const member = this.deps.member();
        if (member === null || !this.deps.client()) break;
        const next = (await this.queue()).find((row) => row.member === member);
        if (!next) break;
        if (!(await this.attempt(next))) break;
      }
      await this.prune();
      return (await this.queue()).length;
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /**
   * After a sync replaced the local wishlist, pull list or copies with what VerseDB said: the changes
   * still waiting, and those settled since `since` (which that read may have missed), are applied again.
   */
  async reapply(since: number): Promise<void> {
    const member = this.deps.member();
    if (member === null) return;
    for (const row of await this.db.getAll('writes')) {
      if (row.member !== member) continue;
      const waiting = row.state === 'pending' || row.state === 'sending';
      const recent = row.state === 'done' && (row.settledAt ?? 0) >= since;
      if ((!waiting && !recent) || awaitsIssue(row)) continue;
      if (row.write.action === 'copy-add') {
        if (row.state === 'done' && row.copyId !== null) await this.putCopy(row.write.issueId, row.copyId, row.write.fields);
      } else {
        await this.applyLocally(row.write);
      }
    }
  }

  // --- one row ---

  /** Tries one waiting change. True when it settled (done or refused), false when the queue must wait. */
  private async attempt(row: WriteRow): Promise<boolean> {
    const epoch = this.epoch();
    try {
      const copyId = await this.send(row);
      if (this.epoch() === epoch) {
        if (row.write.action === 'copy-add' && copyId !== null) await this.putCopy(row.write.issueId, copyId, row.write.fields);
        else await this.applyLocally(row.write);
      }
      await this.update(row, { state: 'done', settledAt: this.now(), copyId, lastError: null, needsSignIn: false });
      return true;
    } catch (error) {
      if (!isVerseDbError(error)) {
        await this.update(row, { lastError: error instanceof Error ? error.message : String(error) });
        return false;
      }
      if (NEEDS_SIGN_IN.has(error.kind)) {
        await this.update(row, { lastError: error.message, needsSignIn: true });
        return false;
      }
      if (TRANSIENT.has(error.kind)) {
        await this.update(row, { lastError: error.message, needsSignIn: false });
        return false;
      }
      // Refused for good (422, 404, PRO only): it never happened; the member is told, the queue goes on.
      this.refusals.set(row.id, error);
      if (this.epoch() === epoch && !awaitsIssue(row)) await this.undoLocally(row.write);
      await this.update(row, {
        state: 'refused',
        settledAt: this.now(),
        lastError: error.message,
        notice: refusedNotice(row.write, awaitsIssue(row) ? t('library_comic_with_code', row.code?.replace(/^[a-z]+:/, '') ?? '?') : null, error.message),
      });
      return true;
    }
  }

  /** Sends one change; for a copy add, the copy it made. */
  private async send(row: WriteRow): Promise<number | null> {
    const client = this.client();
    await this.findIssue(row);
    const write = row.write;
    switch (write.action) {
      case 'copy-add':
        return this.addCopy(client, row, write.issueId, write.fields);
      case 'copy-remove':
        await this.idempotent(() => client.removeCopy(write.issueId, write.copyId), true);
        return null;
      case 'wishlist-add':
        await this.idempotent(() => client.addToWishlist(write.issueId, write.variantId));
        return null;
      case 'wishlist-remove':
        await this.idempotent(() => client.removeFromWishlist(write.issueId, write.variantId));
        return null;
      case 'pull-list-add':
        await this.idempotent(() => client.addToPullList(write.seriesId));
        return null;
      case 'pull-list-remove':
        // VerseDB's DELETE /pull-list/items/{id} may read the id as an entry's own id when no series has
        // it: sent for a series no longer pulled (removed elsewhere, or by an earlier try whose answer was
        // lost), it could remove another series. So it goes only while VerseDB lists the series.
        if (!(await this.pulledOnVerseDb(client, write.seriesId))) return null;
        await this.idempotent(() => client.removeFromPullList(write.seriesId));
        return null;
    }
  }

  /**
   * The issue of a change made while it could not be found (a comic answered from its series, offline):
   * found from its code now, kept in the row, and shown locally. A failure is the change's own: waiting
   * when it says "not now", refused when VerseDB has no such comic.
   */
  private async findIssue(row: WriteRow): Promise<void> {
    if (!awaitsIssue(row) || !row.code) return;
    if (!this.deps.issueFor) throw new VerseDbError({ kind: 'unavailable', message: t('library_issue_not_found_yet'), status: null });
    const issueId = await this.deps.issueFor(row.code);
    await this.update(row, { write: { ...row.write, issueId } as WriteAction });
    await this.applyLocally(row.write);
  }

  /**
   * A change that is safe to send twice. An answer VerseDB gave with a 2xx that Longbox cannot read
   * still means it was done; a removal of something already gone is done too.
   */
  private async idempotent(call: () => Promise<unknown>, goneIsDone = false): Promise<void> {
    try {
      await this.write(call);
    } catch (error) {
      if (isVerseDbError(error, 'malformed') && error.status !== null && error.status < 300) return;
      if (goneIsDone && isVerseDbError(error, 'not-found')) return;
      throw error;
    }
  }

  /**
   * Adds one copy, settled by VerseDB's collection check: the copies before are read (or were read
   * before an earlier try), the add is sent, and the copies after are read. One new copy: done. More:
   * the extra ones, which the member did not ask for, are removed. None: it did not happen (a 5xx, a
   * refused connection) and is sent again later. A row left `sending` (a worker stopped mid-add, an
   * answer lost and the check failed too) is settled by the check before anything is sent.
   */
  private async addCopy(client: VerseDbClient, row: WriteRow, issueId: number, fields: CopyFields): Promise<number> {
    let before: number[];
    if (row.state === 'sending' && row.copiesBefore !== null) {
      const after = await this.copiesOnVerseDb(client, issueId);
      const fresh = after.filter((id) => !row.copiesBefore?.includes(id));
      if (fresh.length > 0) return this.keepOne(client, row, issueId, fresh, row.copyId);
      before = after;
    } else {
      before = await this.copiesOnVerseDb(client, issueId);
    }
    await this.update(row, { state: 'sending', copiesBefore: before });

    let reply: number | null = null;
    try {
      reply = (await this.write(() => client.addCopy(issueId, fields))).copyId;
      await this.update(row, { copyId: reply });
    } catch (error) {
      // Held back before it was sent (quota, a 429, VerseDB known to be down) or refused: nothing to settle.
      const unknownOutcome = isVerseDbError(error) && TRANSIENT.has(error.kind) && !NOT_SENT.has(error.kind) && !(error instanceof CircuitOpenError);
      if (!unknownOutcome) {
        await this.update(row, { state: 'pending' });
        throw error;
      }
    }
    const after = await this.copiesOnVerseDb(client, issueId);
    const fresh = after.filter((id) => !before.includes(id));
    if (fresh.length === 0) {
      // VerseDB answered with the new copy but its check does not list it yet: believe the answer.
      if (reply !== null) return reply;
      await this.update(row, { state: 'pending', copiesBefore: after });
      throw new VerseDbError({ kind: 'unavailable', message: t('library_copy_not_saved'), status: null });
    }
    return this.keepOne(client, row, issueId, fresh, reply);
  }

  /** Keeps one of the copies an add made (the one VerseDB named, else the first), removing the rest. */
  private async keepOne(client: VerseDbClient, row: WriteRow, issueId: number, fresh: number[], named: number | null): Promise<number> {
    const keep = named !== null && fresh.includes(named) ? named : Math.min(...fresh);
    await this.update(row, { copyId: keep });
    const extra = fresh.filter((id) => id !== keep);
    for (const copyId of extra) {
      await this.idempotent(() => client.removeCopy(issueId, copyId), true);
    }
    if (extra.length > 0) {
      const issue = await this.deps.library.issue(issueId);
      const what = issue?.seriesName ? `${issue.seriesName} #${issue.number}` : t('library_issue_id', String(issueId));
      await this.update(row, { notice: plural('library_extra_copies', extra.length, what) });
    }
    return keep;
  }

  /** Whether the member's pull list on VerseDB has the series (a page or two: pull lists are short). */
  private async pulledOnVerseDb(client: VerseDbClient, seriesId: number): Promise<boolean> {
    for (let page = 1; page <= 50; page++) {
      const result = await this.deps.scheduler.run({ kind: 'read', priority: 'user' }, () => client.pullListPage(page, 100));
      if (result.entries.some((entry) => entry.seriesId === seriesId)) return true;
      if (!result.meta || page >= result.meta.lastPage || result.entries.length + result.skipped.length === 0) return false;
    }
    return false;
  }

  private async copiesOnVerseDb(client: VerseDbClient, issueId: number): Promise<number[]> {
    const check = await this.deps.scheduler.run({ kind: 'read', priority: 'user' }, () => client.checkCollection(issueId));
    // An answer without its copies cannot tell a new copy from an old one: wait rather than add twice.
    if (!check.listed) throw new VerseDbError({ kind: 'malformed', message: t('library_check_without_copies') });
    return check.copies.map((copy) => copy.copyId);
  }

  // --- storage ---

  private async row(id: string): Promise<WriteRow | undefined> {
    return this.db.getFromIndex('writes', 'byId', id);
  }

  /** Changes one row, in one transaction, and keeps the caller's copy in step. */
  private async update(row: WriteRow, changes: Partial<WriteRow>): Promise<void> {
    Object.assign(row, changes);
    await this.db.put('writes', row);
  }

  /** Forgets settled rows older than a day. */
  private async prune(): Promise<void> {
    const before = this.now() - KEEP_SETTLED;
    const tx = this.db.transaction('writes', 'readwrite');
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      const row = cursor.value;
      if ((row.state === 'done' || row.state === 'refused') && (row.settledAt ?? 0) < before) await cursor.delete();
    }
    await tx.done;
  }

  /** Moves a queue kept by an earlier version (one array in meta) into rows, once, in one transaction. */
  private migrate(): Promise<void> {
    this.migrated ??= (async () => {
      const Legacy = z.array(z.object({ id: z.string(), queuedAt: z.number(), write: WriteAction, knownCopyIds: z.array(z.number()).nullable() }));
      const tx = this.db.transaction(['meta', 'writes'], 'readwrite');
      const legacy = Legacy.safeParse(await tx.objectStore('meta').get(LEGACY_QUEUE_KEY));
      if (legacy.success) {
        const member = this.deps.member() ?? '';
        for (const old of legacy.data) {
          await tx.objectStore('writes').add({
            id: `legacy-${old.id}`, member, write: old.write,
            state: old.knownCopyIds ? 'sending' : 'pending', queuedAt: old.queuedAt, settledAt: null,
            copiesBefore: old.knownCopyIds, copyId: null, lastError: null, needsSignIn: false, notice: null,
          });
        }
        await tx.objectStore('meta').delete(LEGACY_QUEUE_KEY);
      }
      await tx.done;
    })();
    return this.migrated;
  }

  // --- the local library ---

  private client(): VerseDbClient {
    const client = this.deps.client();
    if (!client) throw new VerseDbError({ kind: 'unauthenticated', message: t('library_sign_in_first') });
    return client;
  }

  private write<T>(call: () => Promise<T>): Promise<T> {
    return this.deps.scheduler.run({ kind: 'write', priority: 'user' }, call);
  }

  private async putCopy(issueId: number, copyId: number, fields: CopyFields): Promise<void> {
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
        return; // no copy id until VerseDB makes it; it shows as waiting until then
    }
  }

  /** A refused add is taken back locally; a refused removal is put right by the next sync. */
  private async undoLocally(write: WriteAction): Promise<void> {
    const { library } = this.deps;
    if (write.action === 'wishlist-add') await library.removeFromWishlist(write.issueId, write.variantId ?? null);
    if (write.action === 'pull-list-add') await library.removeFromPullList(write.seriesId);
  }
}

/**
 * What the member is told of a change VerseDB refused for good, for the popup: the change in a few words and
 * VerseDB's reason. `comic` names the comic by its code when its issue was never found ("the comic with code …").
 */
export function refusedNotice(write: WriteAction, comic: string | null, why: string): string {
  const issue = (issueId: number) => comic ?? t('library_issue_id', String(issueId));
  switch (write.action) {
    case 'copy-add':
      return t('library_refused_copy_add', issue(write.issueId), why);
    case 'copy-remove':
      return t('library_refused_copy_remove', issue(write.issueId), why);
    case 'wishlist-add':
      return t('library_refused_wishlist_add', issue(write.issueId), why);
    case 'wishlist-remove':
      return t('library_refused_wishlist_remove', issue(write.issueId), why);
    case 'pull-list-add':
      return t('library_refused_pull_list_add', write.seriesName, why);
    case 'pull-list-remove':
      return t('library_refused_pull_list_remove', String(write.seriesId), why);
  }
}
