/**
 * Demo reports (issue 19), so the moderation page and "My reports" show a real queue to a
 * newcomer: open reports about two tasks (one of them by a demo user, who sees it on "My
 * reports"), one reported question, and one report the demo moderator already dismissed, with its
 * audit-log entry. Times are hours before the seed's `now`. docs/MODERATION.md.
 */
import type { DemoUserKey } from './users';

export interface ReportSeed {
  /** The reported task's identifier (seedData/tasks.ts). */
  task: string;
  /** A demo user, or null for a visitor without an account (no follow-up). */
  reporter: DemoUserKey | null;
  message: string;
  createdHoursAgo: number;
  /** Decided by the demo moderator: dismissed, with the reason the log keeps. */
  dismissed?: { hoursAgo: number; reason: string };
}

export interface QuestionReportSeed {
  /** The task whose question by `asker` is reported. */
  task: string;
  asker: DemoUserKey;
  reporter: DemoUserKey | null;
  message: string;
  createdHoursAgo: number;
}

export const DEMO_REPORTS: readonly ReportSeed[] = [
  {
    // TKOPEN02 asks for concepts before anyone is chosen: unpaid spec work, reported twice.
    task: 'TKOPEN02',
    reporter: 'freelancer',
    message:
      'Pirms izvēles prasa 2-3 logo koncepcijas no katra, kas piedāvā: tas ir bezmaksas darbs, ' +
      'ko pēc tam var izmantot bez samaksas.',
    createdHoursAgo: 40,
  },
  {
    task: 'TKOPEN02',
    reporter: null,
    message: 'Free designs first, payment maybe later. Looks like spec work.',
    createdHoursAgo: 30,
  },
  {
    // The author's account is deleted, yet the task still takes offers.
    task: 'TKDEL001',
    reporter: 'freelancer3',
    message:
      'I made an offer a week ago. The author’s account has been deleted since, but the task ' +
      'still takes offers and nobody can answer them.',
    createdHoursAgo: 20,
  },
  {
    // Decided: an expired task takes no offers by itself; nothing to remove.
    task: 'TKEXPD01',
    reporter: 'customer',
    message: 'Termiņš jau pagājis, bet uzdevums joprojām ir sarakstā.',
    createdHoursAgo: 30,
    dismissed: {
      hoursAgo: 26,
      reason: 'It is marked as expired and takes no new offers; an expired task breaks no rule.',
    },
  },
];

export const DEMO_QUESTION_REPORTS: readonly QuestionReportSeed[] = [
  {
    // Mari's question on TKOPEN01 gives a phone number to agree the time outside Talka.
    task: 'TKOPEN01',
    asker: 'freelancer2',
    reporter: 'freelancer',
    message: 'Jautājumā ir telefona numurs, lai vienotos ārpus Talka.',
    createdHoursAgo: 18,
  },
];

/** A visitor's report key, as a visitor's cookie would make it (no follow-up). */
export const DEMO_VISITOR_KEY = 'anon:demo-visitor';
