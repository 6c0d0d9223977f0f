import { stickyActionSx } from '@kelasku/shared-ui';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import DeleteIcon from '@mui/icons-material/Delete';
import type { Student } from '@kelasku/shared-api';

/** Name, NIS, Grade, Status, Action; scrolls sideways on phones, Action stays in view. */
export function RosterTable({ students, onUnassign }: { students: Student[]; onUnassign: (s: Student) => void }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" sx={{ minWidth: 560 }} aria-label="Students in this class">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>NIS</TableCell>
            <TableCell>Grade</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="center" sx={stickyActionSx}>Action</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {students.map((s) => (
            <TableRow key={s.id} hover>
              <TableCell>{s.name}</TableCell>
              <TableCell>{s.nis}</TableCell>
              <TableCell>{s.grade}</TableCell>
              <TableCell>{s.status}</TableCell>
              <TableCell align="center" sx={stickyActionSx}>
                <IconButton aria-label={`Unassign ${s.name}`} color="error" onClick={() => onUnassign(s)}>
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
