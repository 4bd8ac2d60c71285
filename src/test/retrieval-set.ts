/**
 * A small labelled retrieval set made for the tests (docs/decisions/119-knowledge-base.md): entries
 * of a company handbook, and questions each with the entry that answers it. Some questions share no
 * word with their answer (only meaning finds them: "car" for "automobile"), some hinge on an
 * identifier or a rare word (only exact words find them); hybrid search should find both kinds.
 */
export const RETRIEVAL_ENTRIES: { key: string; title: string; content: string }[] = [
  {
    key: 'fleet',
    title: 'Fleet policy',
    content: 'Employees may reserve an automobile from the fleet for client visits.',
  },
  { key: 'leave', title: 'Time off', content: 'Submit leave requests two weeks ahead in the HR portal.' },
  {
    key: 'payroll',
    title: 'Compensation calendar',
    content: 'Compensation is transferred on the 25th of each month.',
  },
  {
    key: 'laptops',
    title: 'Hardware refresh',
    content: 'Workstations are replaced every three years by the IT desk.',
  },
  { key: 'credentials', title: 'Credential rotation', content: 'Passphrases must be changed every 90 days.' },
  {
    key: 'err4711',
    title: 'Ledger lock',
    content:
      'ERR-4711 means the invoice export met a locked ledger: unlock the ledger in the finance settings, wait for the nightly close to finish, and run the export again.',
  },
  {
    key: 'err3302',
    title: 'Missing currency rate',
    content:
      'ERR-3302 means a currency has no exchange rate for the invoice date: add the rate in the finance settings and repeat the export for that day.',
  },
  { key: 'err1150', title: 'Printer', content: 'ERR-1150 means the printer is out of paper.' },
  { key: 'err2087', title: 'Scanner', content: 'ERR-2087 means the scanner lid is open.' },
  { key: 'err6604', title: 'Badge reader', content: 'ERR-6604 means the badge reader is offline.' },
  { key: 'clinic', title: 'Occupational health', content: 'Our physician visits the premises on Tuesdays.' },
  {
    key: 'expenses',
    title: 'Travel costs',
    content: 'Reimbursement of travel costs requires the original receipts.',
  },
  {
    key: 'standup',
    title: 'Engineering rituals',
    content: 'The engineering huddle happens at 9:30 in room Atlas.',
  },
  {
    key: 'release',
    title: 'Release train',
    content: 'We roll out to production every Thursday after QA sign-off.',
  },
  { key: 'coffee', title: 'Kitchen', content: 'The espresso machine on floor 2 is descaled on Fridays.' },
  {
    key: 'building',
    title: 'Opening hours',
    content: 'The building opens at 7:00; badges work until 22:00.',
  },
  { key: 'triage', title: 'Defect triage', content: 'Defects are triaged on Mondays by the on-call lead.' },
  {
    key: 'zephyr',
    title: 'Project Zephyr',
    content: 'Zephyr is the code name of the new mobile app; its tracker lives in the product space.',
  },
  {
    key: 'mobile',
    title: 'Mobile app support',
    content: 'Questions about the mobile app go to the support channel.',
  },
]

export const RETRIEVAL_QUERIES: { query: string; relevant: string }[] = [
  // Meaning only: no word in common with the answer.
  { query: 'How do I book a car?', relevant: 'fleet' },
  { query: 'When is the salary paid?', relevant: 'payroll' },
  { query: 'Who replaces my laptop?', relevant: 'laptops' },
  { query: 'How often must I update my password?', relevant: 'credentials' },
  { query: 'Is there a doctor at the office?', relevant: 'clinic' },
  { query: 'How do I get a refund for a trip?', relevant: 'expenses' },
  { query: 'When is the daily standup?', relevant: 'standup' },
  { query: 'When do we deploy?', relevant: 'release' },
  // Exact words: an identifier or a rare name.
  { query: 'What does ERR-4711 mean?', relevant: 'err4711' },
  { query: 'What does ERR-3302 mean?', relevant: 'err3302' },
  { query: 'What is Zephyr?', relevant: 'zephyr' },
  // Both.
  { query: 'Who triages bugs?', relevant: 'triage' },
  { query: 'espresso descaling day', relevant: 'coffee' },
]
