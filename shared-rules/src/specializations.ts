/** The subjects a teacher's specialization is picked from (the admin's form and filter, and the demo school). */
export const SPECIALIZATIONS = [
  'History', 'Biology', 'Mathematics', 'Art & Culture', 'Physics', 'Chemistry', 'English', 'Civics', 'Social Science',
  'Physical Education', 'Religion',
] as const;
