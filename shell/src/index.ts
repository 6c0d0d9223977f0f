// Async boundary: the shared react/react-dom are negotiated before any app code runs.
import('./bootstrap');
