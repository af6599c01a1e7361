// The part of the extension's own `chrome` global that tests reach through worker.evaluate().
declare const chrome: {
  runtime: { getManifest(): { name: string; version: string }; id: string; sendMessage(message: unknown): Promise<unknown> };
  storage: {
    local: { get(keys?: string | string[] | null): Promise<Record<string, unknown>>; set(items: Record<string, unknown>): Promise<void> };
    sync: { get(keys?: string | string[] | null): Promise<Record<string, unknown>> };
  };
  i18n: { getUILanguage(): string; getMessage(id: string, substitutions?: string[]): string };
  tabs: { query(query: { url?: string | string[] }): Promise<Array<{ id?: number; url?: string }>> };
  action: { getBadgeText(details: { tabId?: number }): Promise<string> };
  contextMenus: { update(id: string, properties: Record<string, unknown>): Promise<void> };
  windows: { create(data: { url: string; type: 'popup'; width: number; height: number }): Promise<unknown> };
  scripting: {
    getRegisteredContentScripts(): Promise<Array<{ id: string }>>;
    registerContentScripts(
      scripts: Array<{ id: string; js: string[]; matches: string[]; runAt: 'document_start' | 'document_idle'; persistAcrossSessions?: boolean }>,
    ): Promise<void>;
  };
};
