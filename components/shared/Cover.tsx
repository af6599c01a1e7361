import { useSignal } from '@preact/signals';
import { safeCoverUrl } from '@/lib/ui/comics';

/** A cover thumbnail; decorative, since the title beside it names the comic. */
export function Cover({ url }: { url: string | null }) {
  const failed = useSignal(false);
  const src = safeCoverUrl(url);
  if (!src || failed.value) return <span class="cover cover-empty" aria-hidden="true" />;
  return (
    <img
      class="cover"
      src={src}
      alt=""
      width={40}
      height={60}
      loading="lazy"
      decoding="async"
      referrerpolicy="no-referrer"
      onError={() => {
        failed.value = true;
      }}
    />
  );
}
