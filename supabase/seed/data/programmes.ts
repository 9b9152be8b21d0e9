/** Fields of study, with how each names its degrees and what its graduates go on to do. */
export interface FieldSpec {
  field: string;
  /** Bachelor and master title stems, e.g. 'BSc (Hons)' / 'MSc'. */
  bachelor: string;
  master: string;
  specialisations: readonly string[];
  topics: readonly string[];
  careers: readonly string[];
  /** IELTS added on top of the level's minimum (clinical and legal courses ask for more). */
  englishBonus?: number;
  needsPortfolio?: boolean;
}

export const fields: readonly FieldSpec[] = [
  {
    field: 'Computer Science',
    bachelor: 'BSc',
    master: 'MSc',
    specialisations: ['Artificial Intelligence', 'Software Engineering', 'Cyber Security'],
    topics: ['algorithms', 'programming', 'operating systems', 'databases', 'machine learning'],
    careers: ['software developer', 'systems architect', 'research engineer'],
  },
  {
    field: 'Data Science',
    bachelor: 'BSc',
    master: 'MSc',
    specialisations: ['Business Analytics', 'Machine Learning', 'Statistics'],
    topics: ['statistics', 'data visualisation', 'Python', 'big data platforms', 'predictive modelling'],
    careers: ['data analyst', 'data scientist', 'analytics consultant'],
  },
  {
    field: 'Business Administration',
    bachelor: 'BA',
    master: 'MBA',
    specialisations: ['International Business', 'Entrepreneurship', 'Supply Chain Management'],
    topics: ['strategy', 'organisational behaviour', 'operations', 'leadership', 'accounting'],
    careers: ['management consultant', 'operations manager', 'founder'],
  },
  {
    field: 'Nursing',
    bachelor: 'BSc',
    master: 'MSc',
    specialisations: ['Adult Nursing', 'Mental Health Nursing', "Children's Nursing"],
    topics: ['clinical practice', 'anatomy', 'patient safety', 'pharmacology', 'hospital placements'],
    careers: ['registered nurse', 'nurse practitioner', 'clinical educator'],
    englishBonus: 0.5,
  },
  {
    field: 'Mechanical Engineering',
    bachelor: 'BEng',
    master: 'MEng',
    specialisations: ['Automotive Engineering', 'Robotics', 'Aerospace'],
    topics: ['thermodynamics', 'materials', 'design and manufacture', 'robotics', 'fluid mechanics'],
    careers: ['mechanical engineer', 'design engineer', 'project engineer'],
  },
  {
    field: 'Civil Engineering',
    bachelor: 'BEng',
    master: 'MSc',
    specialisations: ['Structural Engineering', 'Water Engineering', 'Transport Planning'],
    topics: ['structures', 'geotechnics', 'surveying', 'sustainable infrastructure', 'hydraulics'],
    careers: ['civil engineer', 'structural engineer', 'site manager'],
  },
  {
    field: 'Electrical Engineering',
    bachelor: 'BEng',
    master: 'MSc',
    specialisations: ['Renewable Energy Systems', 'Electronics', 'Power Systems'],
    topics: ['circuits', 'signal processing', 'power electronics', 'embedded systems', 'control'],
    careers: ['electrical engineer', 'electronics designer', 'energy analyst'],
  },
  {
    field: 'Law',
    bachelor: 'LLB',
    master: 'LLM',
    specialisations: ['International Law', 'Commercial Law', 'Human Rights Law'],
    topics: ['contract law', 'criminal law', 'constitutional law', 'legal research', 'moot court'],
    careers: ['solicitor', 'legal adviser', 'policy officer'],
    englishBonus: 0.5,
  },
  {
    field: 'Psychology',
    bachelor: 'BSc',
    master: 'MSc',
    specialisations: ['Clinical Psychology', 'Neuroscience', 'Organisational Psychology'],
    topics: ['cognition', 'research methods', 'developmental psychology', 'neuroscience', 'mental health'],
    careers: ['psychologist', 'research assistant', 'wellbeing practitioner'],
  },
  {
    field: 'Graphic Design',
    bachelor: 'BA',
    master: 'MA',
    specialisations: ['Illustration', 'User Experience Design', 'Motion Graphics'],
    topics: [
      'typography',
      'visual identity',
      'studio practice',
      'interaction design',
      'portfolio development',
    ],
    careers: ['graphic designer', 'art director', 'UX designer'],
    needsPortfolio: true,
  },
  {
    field: 'Architecture',
    bachelor: 'BA',
    master: 'MArch',
    specialisations: ['Urban Design', 'Sustainable Architecture', 'Interior Architecture'],
    topics: [
      'design studio',
      'building technology',
      'architectural history',
      'urbanism',
      'digital modelling',
    ],
    careers: ['architect', 'urban designer', 'architectural technologist'],
    needsPortfolio: true,
  },
  {
    field: 'Economics',
    bachelor: 'BSc',
    master: 'MSc',
    specialisations: ['Finance', 'Development Economics', 'Econometrics'],
    topics: ['microeconomics', 'macroeconomics', 'econometrics', 'public policy', 'game theory'],
    careers: ['economist', 'policy analyst', 'financial analyst'],
  },
  {
    field: 'Accounting and Finance',
    bachelor: 'BSc',
    master: 'MSc',
    specialisations: ['Financial Technology', 'Investment Management', 'Auditing'],
    topics: ['financial reporting', 'corporate finance', 'taxation', 'auditing', 'financial markets'],
    careers: ['accountant', 'auditor', 'investment analyst'],
  },
  {
    field: 'Marketing',
    bachelor: 'BA',
    master: 'MSc',
    specialisations: ['Digital Marketing', 'Brand Management', 'Consumer Behaviour'],
    topics: ['consumer behaviour', 'digital campaigns', 'market research', 'branding', 'social media'],
    careers: ['marketing manager', 'brand strategist', 'digital marketer'],
  },
  {
    field: 'Public Health',
    bachelor: 'BSc',
    master: 'MPH',
    specialisations: ['Global Health', 'Epidemiology', 'Health Policy'],
    topics: ['epidemiology', 'health promotion', 'biostatistics', 'health systems', 'global health'],
    careers: ['public health officer', 'epidemiologist', 'health programme manager'],
  },
  {
    field: 'Biomedical Science',
    bachelor: 'BSc',
    master: 'MSc',
    specialisations: ['Molecular Biology', 'Immunology', 'Genetics'],
    topics: ['cell biology', 'genetics', 'laboratory techniques', 'immunology', 'pathology'],
    careers: ['biomedical scientist', 'laboratory researcher', 'clinical trials coordinator'],
  },
  {
    field: 'Environmental Science',
    bachelor: 'BSc',
    master: 'MSc',
    specialisations: ['Climate Change', 'Conservation', 'Marine Biology'],
    topics: ['ecology', 'climate science', 'fieldwork', 'environmental policy', 'GIS mapping'],
    careers: ['environmental consultant', 'conservation officer', 'sustainability manager'],
  },
  {
    field: 'Education',
    bachelor: 'BA',
    master: 'MEd',
    specialisations: ['Early Childhood Education', 'TESOL', 'Educational Leadership'],
    topics: [
      'pedagogy',
      'curriculum design',
      'child development',
      'inclusive education',
      'school placements',
    ],
    careers: ['teacher', 'education officer', 'curriculum designer'],
  },
  {
    field: 'International Relations',
    bachelor: 'BA',
    master: 'MA',
    specialisations: ['Diplomacy', 'Security Studies', 'Global Governance'],
    topics: ['diplomacy', 'international security', 'political economy', 'foreign policy', 'human rights'],
    careers: ['diplomat', 'NGO programme officer', 'political analyst'],
  },
  {
    field: 'Hospitality and Tourism Management',
    bachelor: 'BA',
    master: 'MSc',
    specialisations: ['Event Management', 'Hotel Management', 'Sustainable Tourism'],
    topics: [
      'service management',
      'revenue management',
      'event planning',
      'tourism marketing',
      'industry internships',
    ],
    careers: ['hotel manager', 'event manager', 'tourism officer'],
  },
  {
    field: 'Media and Communication',
    bachelor: 'BA',
    master: 'MA',
    specialisations: ['Journalism', 'Film Production', 'Public Relations'],
    topics: ['media theory', 'storytelling', 'video production', 'journalism ethics', 'audience research'],
    careers: ['journalist', 'communications officer', 'content producer'],
  },
  {
    field: 'Pharmacy',
    bachelor: 'BPharm',
    master: 'MSc',
    specialisations: ['Clinical Pharmacy', 'Pharmaceutical Sciences', 'Pharmacology'],
    topics: ['pharmaceutics', 'medicinal chemistry', 'pharmacology', 'clinical practice', 'dispensing'],
    careers: ['pharmacist', 'pharmaceutical scientist', 'regulatory affairs officer'],
    englishBonus: 0.5,
  },
];

/** How each level is named in course descriptions. */
export const levelWords: Readonly<Record<string, string>> = {
  foundation: 'foundation year',
  diploma: 'diploma',
  certificate: 'certificate',
  bachelor: 'undergraduate degree',
  master: 'postgraduate degree',
  doctorate: 'doctoral programme',
};
