import { Circuit } from './circuit';
import { t } from './i18n';
import { VerseDbError } from './versedb/errors';
import type { Priority, QuotaTracker } from './quota';

// Every VerseDB call goes through here: identical requests in flight are made once, the member's
// clicks go before badges on screen and badges before background sync, few calls run at once, the
// quota is asked before each call is sent, a circuit breaker stops calls while VerseDB is down (see
// ./circuit.ts), and work no one waits for any more (every tab that asked for it closed) is dropped.

export interface TaskOptions {
  /** Identical keys share one call (e.g. `lookup:upc:76194134182500111`). */
  key?: string;
  kind: 'read' | 'write';
  priority: Priority;
  /** Work done for a page; dropped when that tab closes or navigates (unless someone else waits for it). */
  tabId?: number;
}

/** One caller waiting for a task's answer: a tab's, or a tab-less one (sync, the popup, a write). */
interface Waiter {
  tabId: number | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Task {
  key: string | undefined;
  kind: 'read' | 'write';
  priority: Priority;
  run: () => Promise<unknown>;
  waiters: Waiter[];
  seq: number;
}

const RANK: Record<Priority, number> = { user: 0, visible: 1, background: 2 };

export interface SchedulerOptions {
  /** Calls sent at once. */
  concurrency?: number;
  /** The breaker; by default one on the quota's clock. */
  circuit?: Circuit;
}

export class Scheduler {
  private readonly queue: Task[] = [];
  /** Tasks by key, queued or in flight: a caller with the same key joins them. */
  private readonly shared = new Map<string, Task>();
  private running = 0;
  private seq = 0;
  private readonly concurrency: number;
  readonly circuit: Circuit;

  constructor(
    private readonly quota: QuotaTracker,
    options: number | SchedulerOptions = {},
  ) {
    const opts = typeof options === 'number' ? { concurrency: options } : options;
    this.concurrency = opts.concurrency ?? 2;
    this.circuit = opts.circuit ?? new Circuit({ now: () => quota.now() });
  }

  run<T>(options: TaskOptions, call: () => Promise<T>): Promise<T> {
    return new Promise<unknown>((resolve, reject) => {
      const waiter: Waiter = { tabId: options.tabId, resolve, reject };
      const existing = options.key ? this.shared.get(options.key) : undefined;
      if (existing) {
        existing.waiters.push(waiter);
        // A more urgent ask for queued work moves it up.
        if (RANK[options.priority] < RANK[existing.priority]) existing.priority = options.priority;
        return;
      }
      const task: Task = {
        key: options.key,
        kind: options.kind,
        priority: options.priority,
        run: call,
        waiters: [waiter],
        seq: this.seq++,
      };
      this.queue.push(task);
      if (task.key !== undefined) this.shared.set(task.key, task);
      this.pump();
    }) as Promise<T>;
  }

  /**
   * A tab closed: its callers of queued work are told so (AbortError), and the work is dropped when
   * no one else (another tab, or a caller with no tab) waits for it. Calls already sent finish.
   */
  dropTab(tabId: number): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const task = this.queue[i];
      if (!task) continue;
      const leaving = task.waiters.filter((w) => w.tabId === tabId);
      if (leaving.length === 0) continue;
      task.waiters = task.waiters.filter((w) => w.tabId !== tabId);
      if (task.waiters.length === 0) {
        this.queue.splice(i, 1);
        this.forget(task);
      }
      for (const waiter of leaving) waiter.reject(new DOMException('The tab closed.', 'AbortError'));
    }
  }

  get pending(): number {
    return this.queue.length + this.running;
  }

  private forget(task: Task): void {
    if (task.key !== undefined && this.shared.get(task.key) === task) this.shared.delete(task.key);
  }

  private settle(task: Task, outcome: { ok: true; value: unknown } | { ok: false; error: unknown }): void {
    this.forget(task);
    for (const waiter of task.waiters) {
      if (outcome.ok) waiter.resolve(outcome.value);
      else waiter.reject(outcome.error);
    }
    task.waiters = [];
  }

  private next(): Task | undefined {
    let best = -1;
    for (let i = 0; i < this.queue.length; i++) {
      const a = this.queue[i];
      const b = best >= 0 ? this.queue[best] : undefined;
      if (!a) continue;
      if (!b || RANK[a.priority] < RANK[b.priority] || (RANK[a.priority] === RANK[b.priority] && a.seq < b.seq)) {
        best = i;
      }
    }
    return best >= 0 ? this.queue.splice(best, 1)[0] : undefined;
  }

  private pump(): void {
    while (this.running < this.concurrency) {
      const task = this.next();
      if (!task) return;
      const blockedUntil = this.quota.blockedUntil(task.kind, task.priority);
      if (blockedUntil !== null) {
        this.settle(task, {
          ok: false,
          error: new VerseDbError({
            kind: 'paused',
            message: t('versedb_saving_allowance'),
            resumesAt: blockedUntil,
          }),
        });
        continue;
      }
      const admission = this.circuit.admit();
      if (!admission.go) {
        if (admission.wait) {
          // The probe is on its way: this call waits in the queue for its answer (pump runs again then).
          this.queue.push(task);
          return;
        }
        this.settle(task, { ok: false, error: admission.error });
        continue;
      }
      this.quota.spend(task.kind);
      this.running += 1;
      const probe = admission.probe;
      let sent: Promise<unknown>;
      try {
        sent = task.run();
      } catch (error) {
        sent = Promise.reject(error);
      }
      sent
        .then(
          (value) => {
            this.circuit.settle(probe, null);
            this.settle(task, { ok: true, value });
          },
          (error: unknown) => {
            this.circuit.settle(probe, error);
            this.settle(task, { ok: false, error });
          },
        )
        .finally(() => {
          this.running -= 1;
          this.pump();
        });
    }
  }
}
