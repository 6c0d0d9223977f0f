import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { EmptyState, ErrorState, LoadingState } from '@kelasku/shared-ui';
import { getUserData, materialsApi } from '@kelasku/shared-api';
import { useAsync } from '../../lib/useAsync';
import { useGoBack } from '../../lib/useGoBack';
import { parsePositiveInt } from '../../lib/params';
import { findTeacherClass, gradeLabel, myClasses, type TeacherClass } from '../../lib/teacherClass';
import { SubjectForm } from './SubjectForm';
import type { SubjectValues } from './subjectRules';

/** The classes this screen may create a subject for: the grade's class, or every class of the teacher. */
async function candidateClasses(grade: number | undefined): Promise<TeacherClass[]> {
  if (grade) {
    const found = await findTeacherClass(grade);
    return found ? [found] : [];
  }
  return myClasses();
}

/** /CreateSubjects{10,11,12} (class of that grade) and /CreateSubjects (the teacher picks the class). */
export default function CreateSubject({ grade }: { grade?: number }) {
  const [params] = useSearchParams();
  const goBack = useGoBack(grade ? `/ManageSubjects${grade}` : '/DashboardTeacher');
  const classes = useAsync(() => candidateClasses(grade), [grade]);
  const [picked, setPicked] = useState<number | ''>(() => parsePositiveInt(params.get('class_id')) ?? '');

  if (classes.loading) return <LoadingState />;
  if (classes.error) return <ErrorState message="Failed to load your classes." onRetry={classes.reload} />;
  const list = classes.data ?? [];
  if (list.length === 0) {
    return (
      <EmptyState
        message={grade ? `You don't teach a class in ${gradeLabel(grade)} yet. Ask the admin to create one.` : "You don't teach any class yet. Ask the admin to create one."}
      />
    );
  }
  const classId = grade ? list[0].id : (picked || (list.length === 1 ? list[0].id : ''));

  const save = async (values: SubjectValues) => {
    if (!classId) throw new Error('No class chosen');
    await materialsApi.create({ ...values, class_id: classId, teacher_id: getUserData()?.teacher_id });
    window.alert('Subject created successfully');
    goBack();
  };

  const picker = grade ? undefined : (
    <FormControl fullWidth>
      <InputLabel id="subject-class-label">Class</InputLabel>
      <Select
        labelId="subject-class-label"
        label="Class"
        value={classId}
        onChange={(e) => setPicked(Number(e.target.value))}
      >
        {list.map((c) => (
          <MenuItem key={c.id} value={c.id}>{`${c.name || `Class ${c.id}`} (${gradeLabel(c.grade)})`}</MenuItem>
        ))}
      </Select>
    </FormControl>
  );

  return (
    <SubjectForm
      heading={grade ? `Create Subject - ${gradeLabel(grade)}` : 'Create Subject'}
      before={picker}
      onSubmit={save}
      failureText={classId ? 'Failed to create the subject. Please try again.' : 'Choose the class for this subject.'}
    />
  );
}
