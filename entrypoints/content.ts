import { RETAILER_MATCHES } from '@/lib/sites/registry';

export default defineContentScript({
  matches: [...RETAILER_MATCHES],
  runAt: 'document_idle',
  main() {
    // Detection and badges arrive with the detection and badge work; the script is declared now so
    // the manifest carries its matches and the build measures its size.
  },
});
