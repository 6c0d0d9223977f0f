import { createRoot } from 'react-dom/client';
import { Root } from './Root';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
createRoot(container).render(<Root />);
