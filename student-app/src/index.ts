// Async boundary: shared singletons (react, MUI…) are negotiated before any app code runs.
void import('./bootstrap');
