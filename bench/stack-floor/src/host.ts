// Async boundary, as in the shell: the shared React is negotiated before the host's code runs.
void import('./host-bootstrap');
