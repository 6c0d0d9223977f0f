import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface State {
  failed: boolean;
}

function BootFailure() {
  const { t } = useTranslation('shell');
  return (
    <div role="alert" className="kelasku-boot">
      <p>{t('boot.failed')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('boot.retry')}
      </button>
    </div>
  );
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
    return this.state.failed ? <BootFailure /> : this.props.children;
  }
}
