/** Domain types of SPEC section 3, as the API sends them. */
import type { Locale } from './locales';
import type { NotChosenReason } from './notChosenReasons';
import type { ModerationAction } from './validation/moderation';

export type TaskStatus = 'new' | 'open' | 'in_progress' | 'completed' | 'incomplete';
export type DueType = 'start' | 'end' | 'period';
export type LocationType = 'anywhere' | 'specific';

export interface Category {
  id: number;
  parent_id: number | null;
  title: string;
  slug: string;
  tasks_count: number;
  children?: Category[];
}

export interface Photo {
  thumbnail: string;
}

export interface Author {
  uuid: string;
  photo: Photo | null;
  is_legal: boolean;
  is_online: boolean;
  /** Only to the author themself and, once an offer is chosen, its freelancer (issue 14 item 10). */
  full_name?: string;
  display_name: string;
  customer_rating: number | null;
}

export interface Freelancer {
  uuid: string;
  photo: Photo | null;
  is_legal: boolean;
  /** Only to the freelancer themself and, once their offer is chosen, the task's owner. */
  full_name?: string;
  display_name: string;
  freelancer_rating: number | null;
}

export interface TaskLocation {
  lat: number;
  lng: number;
  city: string;
  address: string;
  approximate_address: string;
  /** Set when only an approximate point is shown: radius of the circle in km. */
  distance: number | null;
}

export interface TaskImage {
  uuid: string;
  thumbnail: string;
  original: string;
}

export interface Contacts {
  phone_number: string | null;
  email: string | null;
}

export interface Offer {
  uuid: string;
  description: string;
  price: number;
  notify_if_not_chosen: boolean;
  hash: string;
  chosen_at: string | null;
  created_at: string;
  freelancer: Freelancer | null;
  /**
   * Another offer was chosen and the owner gave this reason (issue 19); null otherwise. Only the
   * owner and this offer's freelancer see the offer, so only they see it.
   */
  not_chosen_reason: NotChosenReason | null;
}

/**
 * One party's review of the other on a finished task (issue 19, double-blind). Until `visible`,
 * only its author gets it (the server leaves it out for everyone else).
 */
export interface TaskReview {
  /** The role its author played: the owner writes as 'customer', the chosen freelancer as 'freelancer'. */
  author_role: 'customer' | 'freelancer';
  /** null when the author's account was deleted. */
  author: { uuid: string; display_name: string; photo: Photo | null } | null;
  status: 'completed' | 'incomplete';
  /** 1..5; 0 when the task was cancelled without a rating. */
  rate: number;
  feedback: string | null;
  created_at: string;
  /** Shown to the other party and everyone else (both reviewed, or the blind days passed). */
  visible: boolean;
  /** When it becomes visible at the latest (ISO), for the author's 'hidden until' note. */
  visible_at: string;
}

export interface Task {
  uuid: string;
  identifier: string;
  title: string;
  description: string;
  status: TaskStatus | string;
  category: { id: number; slug: string; title: string };
  languages: Locale[];
  location_type: LocationType | string;
  locations: TaskLocation[];
  due_type: DueType;
  /** Local date-time 'YYYY-MM-DDTHH:mm:ss' or null */
  due_start: string | null;
  due_end: string | null;
  budget_from: number;
  budget_to: number;
  images: TaskImage[];
  author: Author | null;
  offers_count: number;
  offers: Offer[];
  views_count: number;
  created_at: string;
  awaiting_action: boolean;
  second_party_contacts: Contacts | null;
  /**
   * The parties' reviews of each other, the owner's first (issue 19): the visible ones, plus the
   * viewer's own while it is still hidden from the other party.
   */
  reviews: TaskReview[];
  /**
   * Set when a moderator hid the task (issue 19); only its owner and moderators ever get a hidden
   * task (everyone else gets 410), and the owner sees the reason on the task page.
   */
  moderation?: TaskModeration;
}

export interface TaskModeration {
  hidden_at: string;
  reason: string;
}

export interface CurrentUser {
  uuid: string;
  email: string;
  full_name: string;
  display_name: string;
  is_freelancer: boolean;
  is_legal: boolean;
  photo: Photo | null;
  /** The user's own phone (only ever sent to themselves). */
  phone_number?: string | null;
  languages?: Locale[];
  /** Category ids offered as a freelancer. */
  categories?: number[];
  /** Present (true) only for a moderator (issue 19): the moderation page and its menu link. */
  is_moderator?: true;
}

export interface IncompleteReason {
  id: number;
  title: string;
  group: 'freelancer' | 'customer';
  feedback_required: boolean;
}

/** Laravel-style validation failure body (HTTP 422). */
export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}

// ---------------------------------------------------------------------------------------------
// Browsing (issue 7): task list, freelancers, profiles.

/** Laravel paginator meta: pages are 1-based; last_page is at least 1. */
export interface PaginationMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export interface Paginated<T> {
  data: T[];
  meta: PaginationMeta;
}

/** GET /api/tasks?status=: open = new|open and not expired; expired = past due_end, not complete. */
export type TaskListStatus = 'open' | 'in_progress' | 'completed' | 'incomplete' | 'expired';
export type TaskListSort = 'newest' | 'deadline' | 'budget_desc' | 'budget_asc';

/** A task as the list, the home page and profiles show it. */
export interface TaskSummary {
  uuid: string;
  identifier: string;
  title: string;
  status: TaskStatus | string;
  category: { id: number; slug: string; title: string };
  budget_from: number;
  budget_to: number;
  due_type: DueType;
  /** Local date-time 'YYYY-MM-DDTHH:mm:ss' or null */
  due_start: string | null;
  due_end: string | null;
  location_type: LocationType | string;
  /** The first location's city, or null (anywhere). */
  city: string | null;
  /** The first location's approximate address (never the exact one), or null. */
  approximate_address: string | null;
  offers_count: number;
  created_at: string;
  author: Author | null;
  /** The first image's thumbnail URL, or null. */
  thumbnail: string | null;
}

export type FreelancerSortBy = 'freelancer_rating' | 'completed_tasks' | 'newest';
export type SortDir = 'asc' | 'desc';

export interface CategoryRef {
  id: number;
  slug: string;
  title: string;
}

export interface FreelancerCard {
  uuid: string;
  display_name: string;
  photo: Photo | null;
  is_legal: boolean;
  is_online: boolean;
  freelancer_rating: number | null;
  categories: CategoryRef[];
  languages: Locale[];
  completed_tasks_count: number;
}

export interface ProfileReview {
  rate: number;
  feedback: string | null;
  status: 'completed' | 'incomplete';
  /** The role the profile's user played on the task. */
  target_role: 'customer' | 'freelancer';
  created_at: string;
  /** null when the reviewer's account was deleted. */
  author: { uuid: string; display_name: string; photo: Photo | null } | null;
  task: { identifier: string; title: string };
}

export interface ActiveProfile {
  uuid: string;
  deleted: false;
  display_name: string;
  photo: Photo | null;
  is_legal: boolean;
  is_online: boolean;
  customer_rating: number | null;
  freelancer_rating: number | null;
  is_freelancer: boolean;
  languages: Locale[];
  categories: CategoryRef[];
  created_at: string;
  reviews: ProfileReview[];
  /** Open tasks the user posted, newest first (at most 12). */
  tasks: TaskSummary[];
}

/** A deleted account: the SPA shows the deleted-user page. */
export interface DeletedProfile {
  uuid: string;
  deleted: true;
}

export type PublicProfile = ActiveProfile | DeletedProfile;

// ---------------------------------------------------------------------------------------------
// Offers and chat (issue 5).

/** One side of a chat; null when that account was deleted. */
export interface ChatParticipant {
  uuid: string;
  display_name: string;
  photo: Photo | null;
}

/** The conversation between a task's owner (customer) and one freelancer about that task. */
export interface ChatConversation {
  uuid: string;
  task: { uuid: string; identifier: string; title: string };
  customer: ChatParticipant | null;
  freelancer: ChatParticipant | null;
  /**
   * The freelancer's offer is live (made and not withdrawn, and not passed over for another one).
   * While false the freelancer can no longer write (the server answers 403); the owner still can.
   */
  offer_live: boolean;
  created_at: string;
  /** The caller's unread messages in it; only in GET /api/chat/conversations. */
  unread_count?: number;
}

/** Plain text, shown as typed (never HTML). read_at is set once the other participant read it. */
export interface ChatMessage {
  id: number;
  conversation_uuid: string;
  sender_uuid: string;
  body: string;
  created_at: string;
  read_at: string | null;
}

/** GET /api/chat/conversations/:uuid */
export interface ChatConversationView {
  conversation: ChatConversation;
  /** Oldest first (the latest CHAT_HISTORY_LIMIT of the server). */
  messages: ChatMessage[];
}

/** POST /api/chat/conversations/:uuid/read: the other party's messages it marked read, and when. */
export interface ChatReadReceipt {
  ids: number[];
  /** null when there was nothing unread */
  read_at: string | null;
}

/** Push event to the other participant when a message arrives. */
export interface ChatMessagePushEvent {
  handler: 'chat.message';
  conversation_uuid: string;
  /** null when the message was too large for a push event: refetch the conversation. */
  message: ChatMessage | null;
  /** The task the conversation is about, as the conversation shows it to both participants. */
  task_uuid: string;
  /** The task's slug (its identifier): the notice links to /tasks/{slug}. */
  task_identifier: string;
  task_title: string;
  /** The sender's display name, as the conversation shows it to the receiver. */
  sender_name: string;
}

/** Push event to a freelancer with notify_if_not_chosen when the owner chose another offer. */
export interface OfferNotChosenPushEvent {
  handler: 'offers.not_chosen';
  task_uuid: string;
  /** The task's slug (its identifier): the notice links to /tasks/{slug}. */
  task_identifier: string;
  task_title: string;
  /** The owner's reason for the others, if they gave one. */
  reason: NotChosenReason | null;
}

/** Push event to a reporter when a moderator decided their report (issue 19). */
export interface ReportDecidedPushEvent {
  handler: 'reports.decided';
  task_uuid: string;
  /** The task's slug: the notice links to "My reports" (the task itself may be gone). */
  task_identifier: string;
  task_title: string;
  status: 'action_taken' | 'dismissed';
}

/** A report as its reporter sees it (GET /api/me/reports). */
export interface MyReport {
  id: number;
  /** What was reported: the task, or a public question on it (ids are per subject). */
  subject: 'task' | 'question';
  message: string;
  created_at: string;
  status: 'open' | 'action_taken' | 'dismissed';
  decided_at: string | null;
  /** null when the task was deleted since. */
  task: { uuid: string; identifier: string; title: string } | null;
}

/** The moderation page (GET /api/moderation/reports): reports grouped by task, oldest first. */
export interface ModerationReport {
  id: number;
  message: string;
  created_at: string;
  status: 'open' | 'action_taken' | 'dismissed';
  decided_at: string | null;
  /** Reported without an account: no follow-up is possible. */
  anonymous: boolean;
}

export interface ModerationTaskAuthor {
  uuid: string;
  full_name: string;
  display_name: string;
  suspended_at: string | null;
  deleted: boolean;
}

export interface ModerationReportGroup {
  task: {
    uuid: string;
    identifier: string;
    title: string;
    status: string;
    created_at: string;
    hidden_at: string | null;
    hidden_reason: string | null;
    author: ModerationTaskAuthor;
  };
  reports: ModerationReport[];
  reports_count: number;
  first_reported_at: string;
}

/** A page of a moderation queue (task reports or question reports), keyset-paged. */
export interface ModerationQueuePage<Group, Counts> {
  status: 'open' | 'closed';
  groups: Group[];
  /** The whole queue's, on every page. */
  counts: Counts;
  /** The `cursor` of the next page; null on the last (keyset paging). */
  next_cursor: string | null;
}

export type ModerationReportsPage = ModerationQueuePage<
  ModerationReportGroup,
  { open_reports: number; open_tasks: number; closed_reports: number; closed_tasks: number }
>;

export interface ModerationLogEntry {
  id: number;
  action: ModerationAction;
  reason: string;
  created_at: string;
  moderator: { uuid: string; display_name: string };
  /** For a question decision: the question's task. */
  task: { uuid: string; identifier: string; title: string } | null;
  user: { uuid: string; display_name: string } | null;
  /** hide_question and dismiss_question: the question as written (null once deleted). */
  question: { id: number; message: string } | null;
}

/**
 * Reported public questions (GET /api/moderation/question-reports): reports grouped by question,
 * the question as written (unmasked), its author and its task.
 */
export interface ModerationQuestionReportGroup {
  question: {
    id: number;
    message: string;
    created_at: string;
    /** Hidden by its task's owner or by a moderator (hidden_reason is the moderator's). */
    hidden_at: string | null;
    hidden_reason: string | null;
    author: ModerationTaskAuthor;
  };
  task: { uuid: string; identifier: string; title: string; hidden_at: string | null };
  reports: ModerationReport[];
  reports_count: number;
  first_reported_at: string;
}

export type ModerationQuestionReportsPage = ModerationQueuePage<
  ModerationQuestionReportGroup,
  {
    open_reports: number;
    open_questions: number;
    closed_reports: number;
    closed_questions: number;
  }
>;

/** A public question on a task and the owner's answer (issue 20). Texts may hold CONTACT_MARKER. */
export interface TaskQuestion {
  id: number;
  message: string;
  /** null once the asker's account is deleted. */
  author: ChatParticipant | null;
  created_at: string;
  answer: { message: string; answered_at: string } | null;
}

/** GET /api/tasks/{uuid}/questions. */
export interface TaskQuestions {
  /** New questions and answers are taken (the task is open, no offer chosen). */
  open: boolean;
  /** Contacts in the texts are served as CONTACT_MARKER (no offer chosen yet). */
  masked: boolean;
  /** Oldest first; hidden questions are left out. */
  questions: TaskQuestion[];
}
