import { render } from 'preact';
import { Options } from '@/components/Options';

const root = document.getElementById('app');
if (root) render(<Options />, root);
