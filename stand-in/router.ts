import type { Route } from './routes/shared.ts';

// Path matching for the route table. A path that exists with another method is a 405, not a 404.

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allowed: string[] }
  | { kind: 'none' };

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path.replace(/\{(\w+)(:any)?\}/g, (_, name: string, any?: string) => {
    names.push(name);
    return any ? '([^/]+)' : '(\\d+)';
  });
  return { route, pattern: new RegExp(`^${source}$`), names };
}

/** A malformed escape (`%zz`) stays as typed rather than failing the request. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export class Router {
  private readonly compiled: CompiledRoute[];

  constructor(routes: Route[]) {
    this.compiled = routes.map(compile);
  }

  match(method: string, path: string): RouteMatch {
    const allowed: string[] = [];
    for (const { route, pattern, names } of this.compiled) {
      const m = pattern.exec(path);
      if (!m) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      names.forEach((name, i) => {
        params[name] = safeDecode(m[i + 1] ?? '');
      });
      return { kind: 'found', route, params };
    }
    return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'none' };
  }
}
