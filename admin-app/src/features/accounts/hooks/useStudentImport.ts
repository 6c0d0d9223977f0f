import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorBody, errorMessage, type ImportError, type ImportResult } from '@kelasku/shared-api';
import { decodeCsvBytes, downloadCsv } from '@kelasku/shared-api/src/csv';
import { errorText } from '@kelasku/shared-api/src/error-text';
import { useCheckStudentImport, useImportStudents } from '../api';
import {
  CsvFileError,
  onFileRows,
  problemRowsCsv,
  readStudentCsv,
  rowsWithoutProblems,
  type ParsedStudents,
} from '../student-rows';

/** Where the server's dry run of the file's rows is. */
export type ImportCheck = 'idle' | 'checking' | 'checked' | 'failed';

/** A CSV file read in the browser: its rows (and their problems), its name and how its text was decoded. */
export interface LoadedStudentFile extends ParsedStudents {
  fileName: string;
  encoding: 'utf-8' | 'windows-1252';
}

/** The file's bytes (FileReader works in every browser we support, Blob.arrayBuffer() not in all). */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

/** The server's per-row errors, whether it answered 200 (dry run) or 400 with the same body. */
function rowErrors(result: Partial<ImportResult> | undefined): ImportError[] {
  return Array.isArray(result?.errors) ? result.errors : [];
}

/**
 * A student import from a CSV file: the file read, the server's dry run of its rows without problems, the import of
 * those (`onImported` once students exist) and the rows with problems as a CSV to fix.
 */
export function useStudentImport(onImported: () => void) {
  const { t } = useTranslation('admin');
  const [loaded, setLoaded] = useState<LoadedStudentFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<ImportError[]>([]);
  const [check, setCheck] = useState<ImportCheck>('idle');
  const checkRows = useCheckStudentImport();
  const importRows = useImportStudents();
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  // unticked: a row names its class (rombel), or the admin assigns the students later
  const [joinClasses, setJoinClasses] = useState(false);

  /**
   * Sends the rows without a known problem; a dry run only validates. Returns the result, or null after putting the
   * server's row errors on the file's rows (or showing why the server could not be asked).
   */
  const send = async (file: LoadedStudentFile, known: ImportError[], dryRun: boolean): Promise<ImportResult | null> => {
    const { rows, fileRows } = rowsWithoutProblems(file.rows, known);
    if (rows.length === 0) return null;
    try {
      const answer = dryRun ? await checkRows.mutateAsync(rows) : await importRows.mutateAsync({ rows, joinClasses });
      const errors = rowErrors(answer);
      if (errors.length === 0) return answer;
      setServerErrors(onFileRows(errors, fileRows));
    } catch (err) {
      const errors = rowErrors(errorBody<Partial<ImportResult>>(err));
      if (errors.length > 0) setServerErrors(onFileRows(errors, fileRows));
      else {
        setCheck('failed');
        setFailure(errorMessage(err) ?? t('import.unreachable'));
      }
    }
    return null;
  };

  const runCheck = async (file: LoadedStudentFile) => {
    setCheck('checking');
    setFailure(null);
    setServerErrors([]);
    await send(file, file.errors, true);
    setCheck((now) => (now === 'failed' ? now : 'checked'));
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again must fire a change
    if (!file) return;
    setLoaded(null);
    setFileError(null);
    setServerErrors([]);
    setCheck('idle');
    setFailure(null);
    try {
      const { text, encoding } = decodeCsvBytes(await readBytes(file));
      const next = { fileName: file.name, encoding, ...readStudentCsv(text) };
      setLoaded(next);
      await runCheck(next);
    } catch (err) {
      setFileError(err instanceof CsvFileError ? err.message : t('import.unreadable'));
    }
  };

  const errors = loaded ? [...loaded.errors, ...serverErrors] : [];
  const badRows = new Set(errors.map((e) => e.row)).size;
  const importable = loaded && check === 'checked' ? loaded.rows.length - badRows : 0;

  const importGood = async () => {
    if (!loaded) return;
    setFailure(null);
    const answer = await send(loaded, errors, false);
    if (answer) {
      setResult(answer);
      onImported();
    } else setFailure((shown) => shown ?? t('import.nothingImported'));
  };

  const downloadProblems = () => {
    if (!loaded) return;
    downloadCsv(
      'students-with-problems.csv',
      problemRowsCsv(loaded.cells, errors, (e) => `${e.field}: ${errorText(e.code, e.params, e.message)}`),
    );
  };

  return {
    loaded,
    fileError,
    check,
    failure,
    result,
    /** the file's own problems and the server's, by file row */
    errors,
    badRows,
    importable,
    importing: importRows.isPending,
    joinClasses,
    setJoinClasses,
    chooseFile,
    runCheck,
    importGood,
    downloadProblems,
  };
}
