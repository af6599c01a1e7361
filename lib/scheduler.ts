import { VerseDbError } from './versedb/errors';
import type { Priority, QuotaTracker } from './quota';

// Every VerseDB call goes through here: identical requests in flight are made once, the member's
// clicks go before badges on screen and badges before background sync, few calls run at once, the
// quota is asked before each call is sent, and work for a tab that closed is dropped.

export interface TaskOptions {
  /** Identical keys share one call (e.g. `lookup:upc:76194134182500111`). */
  key?: string;
  kind: 'read' | 'write';
  priority: Priority;
  /** Work done for a page; dropped when that tab closes or navigates. */
  tabId?: number;
}

interface Task {
  options: TaskOptions;
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  seq: number;
}

const RANK: Record<Priority, number> = { user: 0, visible: 1, background: 2 };

export class Scheduler {
  private readonly queue: Task[] = [];
  private readonly shared = new Map<string, { promise: Promise<unknown>; task: Task | null }>();
  private running = 0;
  private seq = 0;

  constructor(
    private readonly quota: QuotaTracker,
    private readonly concurrency = 2,
  ) {}

  run<T>(options: TaskOptions, call: () => Promise<T>): Promise<T> {
    if (options.key) {
      const existing = this.shared.get(options.key);
      if (existing) {
        // A more urgent ask for queued work moves it up.
        if (existing.task && RANK[options.priority] < RANK[existing.task.options.priority]) {
          existing.task.options = { ...existing.task.options, priority: options.priority };
        }
        return existing.promise as Promise<T>;
      }
    }
    let task!: Task;
    const promise = new Promise<unknown>((resolve, reject) => {
      task = { options, run: call, resolve, reject, seq: this.seq++ };
    });
    this.queue.push(task);
    if (options.key) {
      const key = options.key;
      this.shared.set(key, { promise, task });
      const forget = () => this.shared.delete(key);
      promise.then(forget, forget);
    }
    this.pump();
    return promise as Promise<T>;
  }

  /** Drops queued work for a tab that closed; calls already sent finish. */
  dropTab(tabId: number): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const task = this.queue[i];
      if (task?.options.tabId === tabId) {
        this.queue.splice(i, 1);
        task.reject(new DOMException('The tab closed.', 'AbortError'));
      }
    }
  }

  get pending(): number {
    return this.queue.length + this.running;
  }

  private next(): Task | undefined {
    let best = -1;
    for (let i = 0; i < this.queue.length; i++) {
      const a = this.queue[i];
      const b = best >= 0 ? this.queue[best] : undefined;
      if (!a) continue;
      if (!b || RANK[a.options.priority] < RANK[b.options.priority] || (RANK[a.options.priority] === RANK[b.options.priority] && a.seq < b.seq)) {
        best = i;
      }
    }
    return best >= 0 ? this.queue.splice(best, 1)[0] : undefined;
  }

  private pump(): void {
    while (this.running < this.concurrency) {
      const task = this.next();
      if (!task) return;
      const entry = task.options.key ? this.shared.get(task.options.key) : undefined;
      if (entry) entry.task = null;
      const blockedUntil = this.quota.blockedUntil(task.options.kind, task.options.priority);
      if (blockedUntil !== null) {
        task.reject(
          new VerseDbError({
            kind: 'paused',
            message: 'Longbox is saving your VerseDB allowance; this resumes on its own.',
            resumesAt: blockedUntil,
          }),
        );
        continue;
      }
      this.quota.spend(task.options.kind);
      this.running += 1;
      task
        .run()
        .then(task.resolve, task.reject)
        .finally(() => {
          this.running -= 1;
          this.pump();
        });
    }
  }
}
