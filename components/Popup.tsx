import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { PingResponse } from '@/lib/protocol';

export function Popup() {
  const version = useSignal<string | null>(null);
  useEffect(() => {
    browser.runtime
      .sendMessage({ type: 'ping' })
      .then((reply) => {
        const parsed = PingResponse.safeParse(reply);
        if (parsed.success) version.value = parsed.data.version;
      })
      .catch(() => undefined);
  }, []);
  return (
    <main>
      <h1>Longbox</h1>
      <p>Not connected to VerseDB yet.</p>
      <p>
        <a href={browser.runtime.getURL('/options.html')} target="_blank" rel="noreferrer">
          Open the options to sign in
        </a>
      </p>
      <p data-testid="background-status">
        {version.value ? `Background ready (version ${version.value})` : 'Waiting for the background…'}
      </p>
    </main>
  );
}
