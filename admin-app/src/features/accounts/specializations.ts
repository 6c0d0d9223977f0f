/**
 * The subjects a teacher's specialization is picked from (the admin's form and filter): the specification's eleven,
 * in its order, then the other subjects an SMA teaches (Kurikulum Merdeka, grades 10-12), named in English like
 * the eleven. The demo school's seed test checks its teachers against this list too.
 */
export const SPEC_SPECIALIZATIONS = [
  'History',
  'Biology',
  'Mathematics',
  'Art & Culture',
  'Physics',
  'Chemistry',
  'English',
  'Civics',
  'Social Science',
  'Physical Education',
  'Religion',
] as const;

export const SMA_SPECIALIZATIONS = [
  'Indonesian',
  'Economics',
  'Geography',
  'Sociology',
  'Informatics',
  'Anthropology',
  'Foreign Languages',
  'Regional Language',
  'Crafts & Entrepreneurship',
  'Guidance & Counselling',
] as const;

export const SPECIALIZATIONS = [...SPEC_SPECIALIZATIONS, ...SMA_SPECIALIZATIONS] as const;
