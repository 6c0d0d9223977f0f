/**
 * The subjects a teacher's specialization is picked from, as the specification lists them (the admin's form and
 * filter). The demo school's seed test checks its teachers against this list too.
 */
export const SPECIALIZATIONS = [
  'History', 'Biology', 'Mathematics', 'Art & Culture', 'Physics', 'Chemistry', 'English', 'Civics', 'Social Science',
  'Physical Education', 'Religion',
] as const;
