// What the options page needs from the browser beyond messages: host permissions (another VerseDB
// address, any other store) and the web-auth window for Connect. An interface, so the components
// never reach for browser APIs themselves.

export interface OptionsEnv {
  /** Asks for the host permission of an origin; must run in the click that wants it. */
  requestHostPermission(pattern: string): Promise<boolean>;
  hasHostPermission(pattern: string): Promise<boolean>;
  removeHostPermission(pattern: string): Promise<boolean>;
  /** The optional `notifications` permission (FOC reminders); the request must run in the click that wants it. */
  requestNotifications(): Promise<boolean>;
  hasNotifications(): Promise<boolean>;
  connectRedirectUri(): string;
  launchWebAuthFlow(url: string): Promise<string>;
}

/** The optional permission behind "any other store": read pages on any https site. */
export const ANY_STORE_PATTERN = 'https://*/*';
/** The generic adapter's id, in preferences.disabledSites when "any other store" is off. */
export const ANY_STORE_ID = 'generic';
