// Declarations for scripts/bump-version.mjs (its unit test imports it).
export class BumpError extends Error {}
export function parseVersion(text: string, what?: string): [number, number, number];
export function nextVersion(current: string, spec: string): string;
export function today(now?: Date): string;
export function moveUnreleased(changelog: string, version: string, date: string, options?: { allowEmpty?: boolean }): string;
export function bumpVersion(options: { root: string; spec: string | undefined; date?: string; allowEmpty?: boolean }): Promise<{ from: string; to: string; date: string }>;
