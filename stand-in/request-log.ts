// A log of API requests, so tests and benchmarks can count the calls a client made.

export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  query: string;
  status: number;
  member_id: number | null;
  /** What a fault did to the request, if anything. */
  fault: 'error' | 'drop' | null;
}

const KEEP = 20_000;

export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private total = 0;

  add(entry: RequestLogEntry): void {
    this.total += 1;
    this.entries.push(entry);
    if (this.entries.length > KEEP) this.entries.splice(0, this.entries.length - KEEP);
  }

  list(): readonly RequestLogEntry[] {
    return this.entries;
  }

  summary(): { total: number; by_status: Record<string, number>; by_route: Record<string, number> } {
    const byStatus: Record<string, number> = {};
    const byRoute: Record<string, number> = {};
    for (const e of this.entries) {
      byStatus[e.status] = (byStatus[e.status] ?? 0) + 1;
      const route = `${e.method} ${e.path.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
      byRoute[route] = (byRoute[route] ?? 0) + 1;
    }
    return { total: this.total, by_status: byStatus, by_route: byRoute };
  }

  clear(): void {
    this.entries = [];
    this.total = 0;
  }
}
