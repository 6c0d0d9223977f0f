import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

export function mount(Screen: ComponentType): void {
  createRoot(document.getElementById('root')!).render(<Screen />);
}
