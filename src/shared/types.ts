/** Domain types of SPEC section 3, as the API sends them. */
import type { Locale } from './locales';

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
  full_name: string;
  display_name: string;
  customer_rating: number | null;
}

export interface Freelancer {
  uuid: string;
  photo: Photo | null;
  is_legal: boolean;
  full_name: string;
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
}

export interface CurrentUser {
  uuid: string;
  email: string;
  full_name: string;
  display_name: string;
  is_freelancer: boolean;
  is_legal: boolean;
  photo: Photo | null;
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
