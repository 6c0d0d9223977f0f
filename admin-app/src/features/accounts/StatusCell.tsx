import Chip from '@mui/material/Chip';

/** The profile's status text, and whether its sign-in is deactivated. */
export function StatusCell({ status, active }: { status: string; active?: boolean }) {
  return (
    <>
      {status}
      {active === false && <Chip size="small" color="warning" label="Deactivated" sx={{ ml: 1 }} />}
    </>
  );
}
