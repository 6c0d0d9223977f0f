import { Component, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** Plain (MUI-free) boundary for the first screen: a chunk that fails to download shows a message and a Retry button. */
export class BootErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Kelasku failed to load:', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="kelasku-boot">
        <p>Kelasku could not be loaded. Check your connection and try again.</p>
        <button type="button" onClick={() => window.location.reload()}>Retry</button>
      </div>
    );
  }
}
