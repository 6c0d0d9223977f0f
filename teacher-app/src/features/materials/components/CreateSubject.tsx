import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { EmptyState, ErrorState, LoadingState } from '@kelasku/shared-ui';
import { getUserData } from '@kelasku/shared-api';
import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { parsePositiveInt } from '../../../lib/params';
import { CLASS_PARAM, classLabel, gradeLabel } from '../../../lib/teacher-class';
import { candidateClassesQuery } from '../../../lib/class-queries';
import { useCreateMaterial } from '../api';
import { MaterialForm, type SaveOutcome } from './MaterialForm';
import type { MaterialValues } from '../material-rules';

/**
 * /CreateSubjects{10,11,12}[?class=] (a class of that grade: the one in the URL, else the first; a picker when the
 * teacher has several there) and /CreateSubjects (the teacher picks the class).
 */
export default function CreateSubject({ grade }: { grade?: number }) {
  const { t } = useTranslation('teacher');
  const [params] = useSearchParams();
  const fromUrl = parsePositiveInt(params.get(grade ? CLASS_PARAM : 'class_id'));
  const create = useCreateMaterial();
  const classes = useQuery(candidateClassesQuery(grade));
  const [picked, setPicked] = useState<number | ''>(() => fromUrl ?? '');
  const listed = classes.data ?? [];
  const gradeClassId = listed.find((c) => c.id === picked)?.id ?? listed[0]?.id;
  const goBack = useGoBack(
    grade ? `/ManageSubjects${grade}${gradeClassId ? `?${CLASS_PARAM}=${gradeClassId}` : ''}` : '/DashboardTeacher',
  );

  if (!classes.data) {
    return classes.isError ? (
      <ErrorState
        message={t('subjects.create.loadClassesFailed')}
        error={classes.error}
        onRetry={() => void classes.refetch()}
      />
    ) : (
      <LoadingState />
    );
  }
  const list = classes.data;
  if (list.length === 0) {
    return (
      <EmptyState
        message={grade ? t('subjects.noClassInGrade', { grade: gradeLabel(grade) }) : t('subjects.create.noClass')}
      />
    );
  }
  const classId = grade ? gradeClassId : picked || (list.length === 1 ? list[0].id : '');

  const save = (values: MaterialValues, outcome: SaveOutcome) => {
    if (!classId) {
      outcome.onError(new Error('No class chosen'));
      return;
    }
    create.mutate(
      { ...values, class_id: classId, teacher_id: getUserData()?.teacher_id },
      {
        onError: outcome.onError,
        onSuccess: () => {
          outcome.onSuccess();
          window.alert(t('subjects.create.done'));
          goBack();
        },
      },
    );
  };

  const picker =
    grade && list.length < 2 ? undefined : (
      <FormControl fullWidth>
        <InputLabel id="subject-class-label">{t('subjects.create.class')}</InputLabel>
        <Select
          labelId="subject-class-label"
          label={t('subjects.create.class')}
          value={classId}
          onChange={(e) => setPicked(Number(e.target.value))}
        >
          {list.map((c) => (
            <MenuItem key={c.id} value={c.id}>{`${classLabel(c)} (${gradeLabel(c.grade)})`}</MenuItem>
          ))}
        </Select>
      </FormControl>
    );

  return (
    <MaterialForm
      heading={grade ? t('subjects.create.headingGrade', { grade: gradeLabel(grade) }) : t('subjects.create.heading')}
      before={picker}
      draftKey={`create-subject:${grade ?? 'any'}`}
      onSubmit={save}
      saving={create.isPending}
      failureText={classId ? t('subjects.create.failed') : t('subjects.create.chooseClass')}
    />
  );
}
